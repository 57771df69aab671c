/**
 * DECISIONS #51 (a profile models the agent's listing), checked against the
 * real client: test/fixtures/opencode-listing/opencode-1.18.33.json holds
 * the `<available_skills>` block OpenCode 1.18.33 put in its system prompt
 * (`opencode run`, its model's API replaced by a local server that recorded
 * the request; how is in the file) for the skills of
 * test/fixtures/opencode-listing, run from `outer/repo/pkg` inside a git
 * repository at `outer/repo` and outside any. For the same trees,
 * `skc prompt --agent opencode --format json` must list the same skills in
 * the same order with the same descriptions and locations (OpenCode's own
 * `customize-opencode` skill aside: it is built into the client).
 *
 * The fixture holds `.opencode/skills` and `.opencode/skill` at both levels,
 * `.claude/skills` and `.agents/skills`, a skill above the repository root
 * (read only outside a repository), one below the working directory, a
 * SKILL.md right in a skills directory and one two directories down, names
 * in mixed case (OpenCode's order is a locale's), a folded description with
 * markup, and skills without a name or a description.
 *
 * One difference is allowed, as for Gemini CLI: skc reads a description
 * trimmed at its ends, so the line break a folded block scalar ends with is
 * not in skc's text.
 */
import { cpSync, rmSync, symlinkSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { fixtureSandbox, recordedListing, type RecordedEntry } from "../helpers/recordedListing.js"

const { dir: FIXTURE, scenarios } = recordedListing("opencode", "opencode-1.18.33.json")
type Entry = RecordedEntry
const ownSkills = (entries: ReadonlyArray<Entry>) => entries.filter((e) => e.location !== "<built-in>").map((e) => ({ ...e, description: e.description.trim() }))


const listedBy = (sb: ReturnType<typeof fixtureSandbox>, stdout: string) =>
  (JSON.parse(stdout) as { skills: ReadonlyArray<Entry> }).skills.map((s) => ({
    name: s.name,
    description: s.description,
    location: s.location.startsWith(sb.home) ? `home${s.location.slice(sb.home.length)}` : s.location.slice(sb.work.length + 1)
  }))

describe("skc's OpenCode listing against OpenCode 1.18.33's own (DECISIONS #51)", () => {
  for (const [title, scenario, repository] of [
    ["in a git repository: its directories up to the repository root, .opencode/skill too, any depth, by name", "outer/repo/pkg in a git repository at outer/repo", true],
    ["outside any repository: every ancestor's directories", "outer/repo/pkg outside any git repository", false]
  ] as const) {
    it(title, async () => {
      const sb = fixtureSandbox(FIXTURE, "outer", repository)
      const r = await sb.runAsync(["prompt", "--agent", "opencode", "--format", "json"], join(sb.work, "outer", "repo", "pkg"))
      expect(r.code, r.stderr).toBe(0)
      const expected = ownSkills(scenarios[scenario]!)
      expect(expected.length).toBeGreaterThan(10)
      expect(listedBy(sb, r.stdout)).toEqual(expected)
    })
  }

  it("warns of a name with several copies: OpenCode keeps whichever it reads last", async () => {
    const sb = fixtureSandbox(FIXTURE, "outer", true)
    const pkg = join(sb.work, "outer", "repo", "pkg")
    cpSync(join(pkg, ".agents", "skills", "bee"), join(pkg, ".claude", "skills", "bee"), { recursive: true })
    const r = await sb.runAsync(["discover", "--agent", "opencode"], pkg)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain("warning: OpenCode reads the 2 copies of 'bee' at once and keeps the one it reads last, which can change from run to run; keep one")
    const once = await sb.runAsync(["discover", "--agent", "opencode"], join(sb.work, "outer"))
    expect(once.stderr).not.toContain("copies of")
    // Copies that are links to one directory (skc's deploy to several targets) are one skill whichever wins: no warning.
    rmSync(join(pkg, ".claude", "skills", "bee"), { recursive: true })
    symlinkSync(join(pkg, ".agents", "skills", "bee"), join(pkg, ".claude", "skills", "bee"))
    const linked = await sb.runAsync(["discover", "--agent", "opencode"], pkg)
    expect(linked.code, linked.stderr).toBe(0)
    expect(linked.stdout).toContain("bee")
    expect(linked.stderr).not.toContain("copies of")
  })
})
