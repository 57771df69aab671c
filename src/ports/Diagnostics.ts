/**
 * Where warnings and verbose traces go. The CLI prints them to stderr as they
 * happen; the MCP server collects them into the tool result. Use cases never
 * print.
 */
import { Context, Effect } from "effect"
import type { SkcWarning } from "../domain/errors.js"

export interface DiagnosticsService {
  readonly warn: (warning: SkcWarning) => Effect.Effect<void>
  /** Shown only with `-v`/`SKC_VERBOSE=1`. */
  readonly verbose: (message: string) => Effect.Effect<void>
  readonly isVerbose: boolean
}

export class Diagnostics extends Context.Service<Diagnostics, DiagnosticsService>()("skillc/Diagnostics") {}

export const warn = (warning: SkcWarning) => Effect.flatMap(Effect.service(Diagnostics), (d) => d.warn(warning))
export const verbose = (message: string) => Effect.flatMap(Effect.service(Diagnostics), (d) => d.verbose(message))

/** A sink that keeps everything in arrays: tests and the MCP server use it. */
export const collectingDiagnostics = (verboseOn = false) => {
  const warnings: Array<SkcWarning> = []
  const traces: Array<string> = []
  const service: DiagnosticsService = {
    // Once per collector, as on stderr (src/layers.ts).
    warn: (w) => Effect.sync(() => void (warnings.some((x) => JSON.stringify(x) === JSON.stringify(w)) || warnings.push(w))),
    verbose: (m) => Effect.sync(() => void (verboseOn && traces.push(m))),
    isVerbose: verboseOn
  }
  return { service, warnings, traces }
}
