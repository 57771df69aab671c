// `skc mcp --http`'s choice of tokens (src/cli/mcpHttp.ts, docs/team.md "Adding, rotating or revoking a
// token"): a `--tokens <file>` server can read its file again (SIGHUP); tokens from SKILLC_MCP_TOKENS cannot
// change in a running process, so that server has nothing to reload.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Option from "effect/Option"
import { afterAll, describe, expect, it } from "vitest"
import { chooseMcpServe, type McpFlags } from "../../src/cli/mcpHttp.js"

const dir = mkdtempSync(join(tmpdir(), "skc-mcp-tokens-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const flags = (over: Partial<McpFlags>): McpFlags => ({
  tools: false,
  watch: false,
  outputSchemas: false,
  only: [],
  project: [dir],
  http: true,
  host: Option.none(),
  port: Option.none(),
  tokens: Option.none(),
  stateless: false,
  allowHost: [],
  rate: Option.none(),
  trustProxy: false,
  logTo: Option.none(),
  ...over
})

const names = (set: unknown) => (set as { entries: ReadonlyArray<{ name: string }> }).entries.map((e) => e.name)

describe("skc mcp --http tokens (docs/team.md)", () => {
  it("--tokens <file>: reloadTokens reads the file as it is now; a bad line is a problem naming it, never the token", () => {
    const file = join(dir, "tokens")
    writeFileSync(file, "alice:alice-token-0123456789\n")
    const chosen = chooseMcpServe(flags({ tokens: Option.some(file) }), {})
    if (!("http" in chosen)) throw new Error(JSON.stringify(chosen))
    expect(names(chosen.http.tokens)).toEqual(["alice"])
    writeFileSync(file, "alice:alice-token-0123456789\ncarol:carol-token-0123456789\n")
    expect(names(chosen.http.reloadTokens!())).toEqual(["alice", "carol"])
    writeFileSync(file, "carol:tiny\n")
    const bad = chosen.http.reloadTokens!()
    expect(bad).toEqual({ problem: expect.stringMatching(/line 1: the token of 'carol' is shorter than 16 characters/) })
    expect(JSON.stringify(bad)).not.toContain("tiny")
    rmSync(file)
    expect(chosen.http.reloadTokens!()).toEqual({ problem: expect.stringMatching(/^--tokens: cannot read '.*': ENOENT$/) })
  })

  it("SKILLC_MCP_TOKENS, or no tokens: nothing to reload", () => {
    const fromEnv = chooseMcpServe(flags({}), { SKILLC_MCP_TOKENS: "alice:alice-token-0123456789" })
    if (!("http" in fromEnv)) throw new Error(JSON.stringify(fromEnv))
    expect(names(fromEnv.http.tokens)).toEqual(["alice"])
    expect(fromEnv.http.reloadTokens).toBeUndefined()
    const none = chooseMcpServe(flags({}), {})
    if (!("http" in none)) throw new Error(JSON.stringify(none))
    expect(none.http.reloadTokens).toBeUndefined()
  })

  it("--trust-proxy is for --http, and reaches the server's options (docs/team.md \"Behind a reverse proxy\")", () => {
    expect(chooseMcpServe(flags({ http: false, trustProxy: true }), {})).toEqual({ problem: "--trust-proxy is for --http" })
    const chosen = chooseMcpServe(flags({ trustProxy: true }), {})
    if (!("http" in chosen)) throw new Error(JSON.stringify(chosen))
    expect(chosen.http.trustProxy).toBe(true)
  })
})
