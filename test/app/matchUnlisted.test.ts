// `skc match` and `skc eval` judge alike (docs/eval.md): a conditional skill (`paths:`) is matched as it is
// listed once a file matching its globs is touched, and a manual-only skill (`disable-model-invocation`) never
// by the model. match says both beside its answer when the request would select them; it left them out silently.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { match } from "../../src/app/skills/match.js"
import { renderWarning } from "../../src/domain/errors.js"
import { memoryWorld } from "../../src/testing.js"
import { renderMatch } from "../../src/render/protocol.js"

const SKILL = (name: string, description: string, more = "") => `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n${more}---\n# ${name}\n`

describe("skc match: skills the request would select were they listed", () => {
  it("a conditional skill and a manual-only one are said, with how each is reached; the results stay the listing's", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.claude/skills/pg-migrations/SKILL.md": SKILL(
          "pg-migrations",
          "Write PostgreSQL schema migrations: rename a column, add an index. Use when changing the database schema.",
          'paths: "db/migrations/**"\n'
        ),
        "/proj/.claude/skills/release-notes/SKILL.md": SKILL("release-notes", "Draft release notes from merged pull requests.", "disable-model-invocation: true\n"),
        "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms and extract PDF text.")
      }
    })
    const r = Result.getOrThrow(await w.run(match({ query: "rename a column in the users table without downtime" })))
    expect(r.results).toEqual([])
    const draft = Result.getOrThrow(await w.run(match({ query: "draft release notes from the merged pull requests" })))
    expect(draft.results.map((m) => m.name)).toEqual([])
    expect(w.diagnostics.warnings.map(renderWarning)).toEqual([
      expect.stringMatching(/^warning: 'pg-migrations' would match \(first, score [\d.]+\) once a file matching its paths \(db\/migrations\/\*\*\) is touched: Claude Code lists it only then$/),
      expect.stringMatching(/^warning: 'release-notes' would match \(first, score [\d.]+\) but is manual only: the model never selects it; the user runs it as \/release-notes$/)
    ])
  })
})

describe("skc match: how a manual-only skill is reached (Claude Code runs it by its directory's name)", () => {
  it("a skill off the / menu too (user-invocable: false) is said to be invocable by no one; a renamed directory is its command", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.claude/skills/nomenu/SKILL.md": SKILL(
          "nomenu",
          "Rotate the staging database credentials. Use when credentials expire.",
          "disable-model-invocation: true\nuser-invocable: false\n"
        ),
        "/proj/.claude/skills/ship-it/SKILL.md": SKILL("release", "Deploy the application to production. Use when shipping.", "disable-model-invocation: true\n")
      }
    })
    Result.getOrThrow(await w.run(match({ query: "rotate the staging database credentials" })))
    Result.getOrThrow(await w.run(match({ query: "deploy the application to production" })))
    expect(w.diagnostics.warnings.map(renderWarning)).toEqual([
      expect.stringMatching(/^warning: 'nomenu' would match \(first, score [\d.]+\) but nothing can invoke it: manual only \(the model never selects it\) and off the \/ menu \(user-invocable: false\)$/),
      expect.stringMatching(/^warning: 'release' would match \(first, score [\d.]+\) but is manual only: the model never selects it; the user runs it as \/ship-it$/)
    ])
  })
})

describe("skc match: no match, and skills built for another agent only", () => {
  it("says which skills of skc's stores the agent reads nowhere, with the build that deploys them (as discover says)", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.skillc/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms and extract PDF text. Use when asked about a PDF."),
        "/proj/.agents/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms and extract PDF text. Use when asked about a PDF.")
      }
    })
    const r = Result.getOrThrow(await w.run(match({ query: "fill in this PDF form" })))
    expect(r.results).toEqual([])
    expect(w.diagnostics.warnings.map(renderWarning)).toEqual([
      expect.stringMatching(/^warning: 1 skill of skc's stores is nowhere claude reads \(pdf \(project\)\); to deploy it there: skc build pdf.*--agent <name>; over MCP, the argument agent\)$/)
    ])
    // Matched for the agent that reads them, it is found and nothing is said.
    const codex = memoryWorld({ files: { "/proj/.agents/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms and extract PDF text. Use when asked about a PDF.") } })
    expect(Result.getOrThrow(await codex.run(match({ query: "fill in this PDF form", agent: "codex" }))).results.map((m) => m.name)).toEqual(["pdf"])
    expect(codex.diagnostics.warnings).toEqual([])
  })
})

describe("skc match: no match while the agent's listing budget cut the descriptions (Codex)", () => {
  it("says how many were cut and where to see it; with a large window nothing is cut and nothing said", async () => {
    const files: Record<string, string> = { "/proj/.git/HEAD": "ref: refs/heads/main\n" }
    for (let i = 0; i < 120; i++) {
      files[`/proj/.agents/skills/skill-${i}/SKILL.md`] = SKILL(`skill-${i}`, `Handles task number ${i} with a long and careful description of what it does. `.repeat(3) + "Use when asked.")
    }
    const w = memoryWorld({ files })
    const r = Result.getOrThrow(await w.run(match({ query: "zeroize secret keys in memory", agent: "codex" })))
    expect(r.results).toEqual([])
    expect(w.diagnostics.warnings.map(renderWarning)).toContainEqual(
      expect.stringMatching(/^warning: \d+ of the 120 skills OpenAI Codex lists are shortened or left out to fit its listing budget, and matched as listed: skc budget --agent codex shows the cuts; --context-tokens <n> gives the model's window$/)
    )
    const wide = memoryWorld({ files })
    Result.getOrThrow(await wide.run(match({ query: "zeroize secret keys in memory", agent: "codex", context_tokens: 10_000_000 })))
    expect(wide.diagnostics.warnings.map(renderWarning).filter((l) => l.includes("listing budget"))).toEqual([])
  })
})

// A search probe over 97 skills in `.agents/skills` only: `skc match` (the hint of an empty search) answered "No skill
// matches" for claude, which reads none of them, read as "no skill fits".
describe("skc match: no skill listed to the agent at all", () => {
  it("says so, with the discover that shows where the agent looks; a project with skills for it says 'No skill matches' as before", async () => {
    const skill = (name: string) => `---\nname: ${name}\ndescription: Makes widgets. Use when making a widget.\n---\n# ${name}\n`
    const only = memoryWorld({ cwd: "/proj", files: { "/proj/.agents/skills/widgets/SKILL.md": skill("widgets"), "/proj/.git/HEAD": "ref: x\n" } })
    const none = Result.getOrThrow(await only.run(match({ query: "make a widget" })))
    expect(none.results).toEqual([])
    expect(none.none_listed).toBe(true)
    expect(renderMatch(none)).toBe("No skill is listed to claude here: skc discover --agent claude shows where it looks; skills in other agents' directories are matched with --agent <name>.\n")
    const codex = Result.getOrThrow(await only.run(match({ query: "make a widget", agent: "codex" })))
    expect(codex.results.map((m) => m.name)).toEqual(["widgets"])
    expect(codex.none_listed).toBeUndefined()
  })
})
