// What a failed skc_* call says to its agent (src/mcp/toolErrors.ts): the CLI's errors, with the
// hints that name CLI commands turned toward what an MCP client can do.
import { describe, expect, it } from "vitest"
import { IndexUnusable, InvalidFilter, SkillNotFound, UsageError } from "../../src/domain/errors.js"
import { NO_TRIGGERS_HINT } from "../../src/domain/eval/triggerSet.js"
import { toolErrorText } from "../../src/mcp/toolErrors.js"

const READING = new Set(["skc_list", "skc_show", "skc_search"])

describe("toolErrorText", () => {
  it("eval without trigger sets: over HTTP it does not tell the client to write a file on the server or name a skill by path (E100 there; an MCP probe)", () => {
    const none = new UsageError({ message: "no trigger queries found beside the 18 skills claude discovers", detail: [NO_TRIGGERS_HINT] })
    expect(toolErrorText(none, { served: READING, remote: false, tool: "skc_eval" })).toBe(
      "error: no trigger queries found beside the 18 skills claude discovers\n  write evals/triggers.json in a skill's directory (see docs/eval.md), or name a skill by path"
    )
    expect(toolErrorText(none, { served: READING, remote: true, tool: "skc_eval" })).toBe(
      "error: no trigger queries found beside the 18 skills claude discovers\n  a skill's author adds its trigger queries (evals/triggers.json beside its SKILL.md, docs/eval.md); this team server then evaluates them"
    )
  })

  it("E001 without a close name names skc_list, over HTTP and over stdio (an agent with tools only runs no shell); with a close name, or no skc_list, it is the CLI's", () => {
    const none = new SkillNotFound({ skill: "zzz", suggestions: [] })
    const cli = "error[E001]: skill 'zzz' not found\n  run 'skc list' to see the skills that resolve here"
    expect(toolErrorText(none, { served: READING, remote: true, tool: "skc_show" })).toBe("error[E001]: skill 'zzz' not found\n  call skc_list to see the skills this server serves")
    expect(toolErrorText(none, { served: READING, remote: false, tool: "skc_show" })).toBe("error[E001]: skill 'zzz' not found\n  call skc_list to see the skills that resolve here")
    // `--only show`: no skc_list to call; the CLI's hint stays.
    expect(toolErrorText(none, { served: new Set(["skc_show"]), remote: true, tool: "skc_show" })).toBe(cli)
    const close = new SkillNotFound({ skill: "demi", suggestions: ["demo"] })
    expect(toolErrorText(close, { served: READING, remote: true, tool: "skc_show" })).toBe("error[E001]: skill 'demi' not found\n  did you mean 'demo'?")
  })

  it("E002 over HTTP says the operator builds and tells the operator; over stdio, or while indexing, it is the CLI's", () => {
    const told: Array<[string, string]> = []
    const operator = (key: string, line: string) => void told.push([key, line])
    const stale = new IndexUnusable({ skill: "demo", reason: "stale-source" })
    expect(toolErrorText(stale, { served: READING, remote: false, tool: "skc_search", operator })).toBe("error[E002]: search index unusable; run 'skc build demo' to rebuild")
    expect(told).toEqual([])
    const remote = toolErrorText(stale, { served: READING, remote: true, tool: "skc_search", operator, project: "/srv/skills/web" }).split("\n")
    expect(remote[0]).toBe("error[E002]: search index unusable; run 'skc build demo' to rebuild")
    expect(remote[1]).toMatch(/^ {2}this team server's skills are built by its operator, on the server/)
    expect(told).toEqual([["E002 demo of /srv/skills/web", "skc_search: skill 'demo' of /srv/skills/web: search index unusable (stale-source): clients cannot read it until 'skc build demo' is run here (or 'skc build --watch' beside the server)"]])
    const indexing = new IndexUnusable({ skill: "foreign", reason: "being indexed", hint: "'foreign' is being indexed (…): try again in a moment" })
    expect(toolErrorText(indexing, { served: READING, remote: true, tool: "skc_search", operator })).not.toContain("operator")
    expect(told).toHaveLength(1)
  })
})

describe("toolErrorText of a malformed stats filter (E031)", () => {
  it("names the tool's arguments, not the CLI's flags", () => {
    const window = new InvalidFilter({ message: "--since 2026-12-02 --until 2026-12-01: the window ends before it starts" })
    expect(toolErrorText(window, { served: READING, remote: false, tool: "skc_stats" })).toBe(
      "error[E031]: invalid filter: 'since 2026-12-02 until 2026-12-01: the window ends before it starts'"
    )
    // A flag's hyphen is the argument's underscore; a hyphen inside a value is left alone.
    const hyphen = new InvalidFilter({ message: "--group-by x-y: expected one of …" })
    expect(toolErrorText(hyphen, { served: READING, remote: true, tool: "skc_stats" })).toBe("error[E031]: invalid filter: 'group_by x-y: expected one of …'")
  })
})

describe("clientOfUserAgent (a stateless request of a handshake revision)", () => {
  it("takes the first product when it is name/version, else none", async () => {
    const { clientOfUserAgent } = await import("../../src/mcp/clientLabel.js")
    expect(clientOfUserAgent("codex-mcp-client/0.171.0")).toBe("codex-mcp-client/0.171.0")
    expect(clientOfUserAgent("claude-code/2.1.332 (sdk-cli)")).toBe("claude-code/2.1.332")
    expect(clientOfUserAgent("node")).toBeUndefined()
    expect(clientOfUserAgent(undefined)).toBeUndefined()
    expect(clientOfUserAgent(`${"x".repeat(101)}/1`)).toBeUndefined()
    expect(clientOfUserAgent("Mozilla/5.0 (X11; Linux x86_64)")).toBe("Mozilla/5.0")
  })
})
