/**
 * The live layer the CLI gives every use case: Node file system and
 * environment, the Path service, diagnostics on stderr and the invocation's
 * settings. Built per invocation (they are cheap: a few stats and at most two
 * small TOML files).
 */
import { Effect, Layer } from "effect"
import * as NodePath from "@effect/platform-node/NodePath"
import { renderWarning } from "../domain/errors.js"
import type { Tokenizer } from "../domain/config.js"
import { Diagnostics, type DiagnosticsService } from "../ports/Diagnostics.js"
import { Env } from "../ports/Env.js"
import { FileSystem } from "../ports/FileSystem.js"
import { makeNodeEnv } from "../adapters/node/NodeEnv.js"
import { nodeFileSystem } from "../adapters/node/NodeFileSystem.js"
import { NodeHasherLive } from "../adapters/node/NodeHasher.js"
import { AccessLogLive } from "../adapters/sqlite/AccessLogLazy.js"
import { SettingsLive } from "../app/Settings.js"

export const stderrDiagnostics = (verboseOn: boolean): DiagnosticsService => ({
  warn: (w) => Effect.sync(() => void process.stderr.write(renderWarning(w) + "\n")),
  verbose: (m) => (verboseOn ? Effect.sync(() => void process.stderr.write(`skc: ${m}\n`)) : Effect.void),
  isVerbose: verboseOn
})

export const isVerboseEnv = () => {
  const v = process.env.SKC_VERBOSE
  return v !== undefined && v !== "" && v !== "0" && v !== "false"
}

/** Ports without settings: enough for commands that do not look at stores. */
export const basePorts = (verboseOn: boolean, diagnostics: DiagnosticsService = stderrDiagnostics(verboseOn)) =>
  Layer.mergeAll(
    Layer.succeed(FileSystem, nodeFileSystem),
    Layer.sync(Env, () => makeNodeEnv()),
    NodePath.layer,
    NodeHasherLive,
    AccessLogLive,
    Layer.succeed(Diagnostics, diagnostics)
  )

/**
 * The whole live layer. The MCP server passes its own `diagnostics` (it
 * collects warnings into each tool result instead of printing them).
 */
export const livePorts = (
  verboseOn: boolean,
  options: { readonly cliTokenizer?: Tokenizer } = {},
  diagnostics?: DiagnosticsService
) => {
  const base = basePorts(verboseOn, diagnostics)
  return Layer.merge(base, SettingsLive(options).pipe(Layer.provide(base)))
}
