/**
 * `skc mcp`'s flags as what to serve (issue 49 item 1), shared by the full
 * CLI's `mcp` command and its own bundle (src/cli/mcpEntry.ts): stdio (the
 * one project of DECISIONS #47) or Streamable HTTP (src/mcp/http.ts). Every
 * refusal is a message the full CLI reports as E100 before anything is
 * served:
 *
 * - HTTP flags without `--http`;
 * - `--http` without a project (`--project` or `SKILLC_PROJECT`): an HTTP
 *   session never serves the process's working directory, and MCP roots
 *   name directories of the client's machine, not the server's;
 * - a non-loopback `--host` without tokens (`--tokens <file>` or
 *   `SKILLC_MCP_TOKENS`): anyone who can reach the port would read the skills;
 * - a token file that cannot be read or has a bad line (its number, never a token);
 *   the same file is read again on SIGHUP (`reloadTokens`), where a bad one
 *   keeps the tokens in use;
 * - several `--project`s with the same directory name (each is served at `/mcp/<name>`).
 */
import { readFileSync } from "node:fs"
import { basename } from "node:path"
import * as Option from "effect/Option"
import { chooseMcpProject } from "./mcpProject.js"
import { parseTokens, type TokenSet } from "../mcp/httpAuth.js"
import { isLoopbackAddress } from "../mcp/httpGuards.js"
import type { HttpServeOptions } from "../mcp/http.js"
import type { ServeOptions } from "../mcp/server.js"
import { withoutPassword } from "../domain/urlPassword.js"
import { mcpCommandSpecs } from "../commands/index.js"

/** `skc mcp`'s flags as both parsers give them. */
export interface McpFlags {
  readonly tools: boolean
  readonly watch: boolean
  readonly outputSchemas: boolean
  readonly only: ReadonlyArray<string>
  readonly project: ReadonlyArray<string>
  readonly http: boolean
  readonly host: Option.Option<string>
  readonly port: Option.Option<number>
  readonly tokens: Option.Option<string>
  readonly stateless: boolean
  readonly allowHost: ReadonlyArray<string>
  readonly rate: Option.Option<number>
  readonly trustProxy: boolean
  readonly logTo: Option.Option<string>
}

export const DEFAULT_HTTP_HOST = "127.0.0.1"
export const DEFAULT_HTTP_PORT = 8765
export const DEFAULT_RATE_PER_MINUTE = 600

export type McpServe =
  | { readonly stdio: ServeOptions }
  | { readonly http: HttpServeOptions }
  | { readonly problem: string }

/** `--tokens <file>` as it is now: at start, and again on each SIGHUP. */
const tokensOfFile = (file: string): TokenSet | { readonly problem: string } => {
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (e) {
    return { problem: `--tokens: cannot read '${file}': ${(e as NodeJS.ErrnoException).code ?? String(e)}` }
  }
  return parseTokens(text, `--tokens '${file}'`)
}

const tokensOf = (given: Option.Option<string>, env: NodeJS.ProcessEnv): TokenSet | undefined | { readonly problem: string } => {
  if (Option.isSome(given)) return tokensOfFile(given.value)
  const fromEnv = env.SKILLC_MCP_TOKENS
  return fromEnv === undefined || fromEnv.trim() === "" ? undefined : parseTokens(fromEnv, "SKILLC_MCP_TOKENS", true)
}

/**
 * `--only`: the skc_ tools to serve, each named with or without its `skc_` prefix, comma-separated or
 * repeated; undefined when not given. An unknown name is a problem naming the tools there are.
 */
export const onlyTools = (given: ReadonlyArray<string>, known: ReadonlyArray<string>): { readonly only?: ReadonlyArray<string> } | { readonly problem: string } => {
  const names = given.flatMap((g) => g.split(",")).map((n) => n.trim()).filter((n) => n !== "")
  if (given.length === 0) return {}
  if (names.length === 0) return { problem: "--only: name at least one tool (e.g. --only list,outline,show,search,open,sources)" }
  const only: Array<string> = []
  for (const n of names) {
    const tool = n.startsWith("skc_") ? n : `skc_${n}`
    if (!known.includes(tool)) return { problem: `--only: no tool '${n}' (tools: ${known.map((k) => k.slice(4)).join(", ")})` }
    if (!only.includes(tool)) only.push(tool)
  }
  return { only }
}

export const chooseMcpServe = (flags: McpFlags, env: NodeJS.ProcessEnv): McpServe => {
  const chosenTools = onlyTools(flags.only, mcpCommandSpecs.map((c) => `skc_${c.name}`))
  if ("problem" in chosenTools) return chosenTools
  const only = chosenTools.only === undefined ? {} : { only: chosenTools.only }
  if (!flags.http) {
    const httpOnly = (
      [
        ["--host", Option.isSome(flags.host)],
        ["--port", Option.isSome(flags.port)],
        ["--tokens", Option.isSome(flags.tokens)],
        ["--stateless", flags.stateless],
        ["--allow-host", flags.allowHost.length > 0],
        ["--rate", Option.isSome(flags.rate)],
        ["--trust-proxy", flags.trustProxy],
        ["--log-to", Option.isSome(flags.logTo)]
      ] as const
    ).find(([, given]) => given)
    if (httpOnly !== undefined) return { problem: `${httpOnly[0]} is for --http` }
    if (flags.project.length > 1) return { problem: "--project: stdio serves one project (several are for --http)" }
    const chosen = chooseMcpProject(flags.project[0], env)
    if ("problem" in chosen) return chosen
    const { project } = chosen
    return {
      stdio: {
        skillTools: flags.tools,
        watch: flags.watch,
        // Without a fixed project, the client's MCP roots name it (DECISIONS #47).
        followRoots: project === undefined,
        outputSchemas: flags.outputSchemas,
        ...only,
        ...(project === undefined ? {} : { project })
      }
    }
  }
  if (flags.watch) return { problem: "--watch is for stdio (run `skc build --watch` beside an HTTP server)" }
  const projects: Array<string> = []
  for (const given of flags.project.length === 0 ? [undefined] : flags.project) {
    const chosen = chooseMcpProject(given, env)
    if ("problem" in chosen) return chosen
    if (chosen.project === undefined) return { problem: "--http needs --project <dir> (or SKILLC_PROJECT): an HTTP server never serves its working directory" }
    if (projects.some((p) => basename(p) === basename(chosen.project!))) {
      return { problem: `--project: two projects named '${basename(chosen.project)}' (each is served at /mcp/<directory name>)` }
    }
    projects.push(chosen.project)
  }
  const host = Option.getOrElse(flags.host, () => DEFAULT_HTTP_HOST)
  const port = Option.getOrElse(flags.port, () => DEFAULT_HTTP_PORT)
  if (port < 0 || port > 65535) return { problem: `--port: ${port} is not a port (0-65535)` }
  const rate = Option.getOrElse(flags.rate, () => DEFAULT_RATE_PER_MINUTE)
  if (rate < 0) return { problem: `--rate: ${rate} is negative` }
  const logTo = Option.getOrUndefined(flags.logTo)
  if (logTo !== undefined && !/^postgres(ql)?:\/\//.test(logTo)) return { problem: `--log-to: expected a postgres:// or postgresql:// URL, got '${withoutPassword(logTo)}'` }
  const tokens = tokensOf(flags.tokens, env)
  if (tokens !== undefined && "problem" in tokens) return tokens
  if (tokens === undefined && !isLoopbackAddress(host)) {
    return { problem: `--host ${host}: a server reachable from other machines needs tokens (--tokens <file> of name:token lines, or SKILLC_MCP_TOKENS)` }
  }
  return {
    http: {
      host,
      port,
      projects,
      tokens,
      // `--tokens <file>` is read again on SIGHUP (docs/team.md); SKILLC_MCP_TOKENS cannot change in a running process.
      ...Option.match(flags.tokens, { onNone: () => ({}), onSome: (file) => ({ reloadTokens: () => tokensOfFile(file) }) }),
      stateless: flags.stateless,
      allowHosts: flags.allowHost,
      ratePerMinute: rate,
      trustProxy: flags.trustProxy,
      logTo,
      skillTools: flags.tools,
      outputSchemas: flags.outputSchemas,
      ...only
    }
  }
}
