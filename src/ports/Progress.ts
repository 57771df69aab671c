/**
 * Progress of long operations (a build of thousands of files). Plain
 * synchronous callbacks so that reporting costs nothing per file. The default
 * does nothing; the CLI provides a stderr indicator only on a terminal
 * without NO_COLOR/CI, and the MCP server leaves the default.
 */
import { Context } from "effect"

export interface ProgressService {
  /** `unit` names what is counted (default `files`). */
  readonly start: (label: string, total: number, unit?: string) => void
  readonly update: (done: number) => void
  readonly stop: () => void
}

export const silentProgress: ProgressService = { start: () => {}, update: () => {}, stop: () => {} }

/** The progress reporter of a run: silent unless the CLI provides one (a Context.Reference, so never a requirement). */
export const Progress = Context.Reference<ProgressService>("skillc/Progress", { defaultValue: () => silentProgress })
