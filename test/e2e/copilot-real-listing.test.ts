/**
 * DECISIONS #51 (a profile models the agent's listing), checked against the
 * real client: test/fixtures/copilot-listing/copilot-1.0.102.json holds the
 * `<available_skills>` block GitHub Copilot CLI 1.0.102 put in its system
 * prompt (`copilot -p`, offline, its own-key provider pointed at a local
 * server that recorded the request; how is in the file) for the skills of
 * test/fixtures/copilot-listing, run from `outer/repo/pkg` inside a git
 * repository at `outer/repo` and outside any. For the same trees,
 * `skc prompt --agent copilot --format json` must list the same skills in
 * the same order, with the same descriptions once the client's XML escapes
 * are undone and the same scope (GitHub Copilot CLI's own skills aside:
 * they are built into the client).
 *
 * The fixture holds `.github/skills`, `.agents/skills` and `.claude/skills`
 * at two levels, one copy of a name at three places, a skill above the
 * repository root (read only outside a repository; then listed among the
 * ancestors' by name), one below the working directory, one three
 * directories down, a SKILL.md inside another skill, names in mixed case,
 * a folded description with markup, quotes and an apostrophe, and a user
 * skill under `~/.claude/skills`, which the client does not read.
 */
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { fixtureSandbox, recordedListing, type RecordedEntry } from "../helpers/recordedListing.js"

const { dir: FIXTURE, scenarios } = recordedListing("copilot", "copilot-1.0.102.json")
type Entry = RecordedEntry
/** The client's description with its XML escapes undone. */
const unescaped = (s: string) => s.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&apos;", "'").replaceAll("&amp;", "&")
const ownSkills = (entries: ReadonlyArray<Entry>) =>
  entries.filter((e) => e.location !== "builtin").map((e) => ({ name: e.name, description: unescaped(e.description), scope: e.location }))

describe("skc's GitHub Copilot CLI listing against GitHub Copilot CLI 1.0.102's own (DECISIONS #51)", () => {
  for (const [title, scenario, repository] of [
    ["in a git repository: each directory name up to the repository root in turn, the working directory's first", "outer/repo/pkg in a git repository at outer/repo", true],
    ["outside any repository: every ancestor's skills, together by name", "outer/repo/pkg outside any git repository", false]
  ] as const) {
    it(title, async () => {
      const sb = fixtureSandbox(FIXTURE, "outer", repository)
      const cwd = join(sb.work, "outer", "repo", "pkg")
      const [prompt, found] = await Promise.all([
        sb.runAsync(["prompt", "--agent", "copilot", "--format", "json"], cwd),
        sb.runAsync(["discover", "--agent", "copilot", "--format", "json"], cwd)
      ])
      expect(prompt.code, prompt.stderr).toBe(0)
      expect(found.code, found.stderr).toBe(0)
      const scopes = new Map((JSON.parse(found.stdout) as { skills: ReadonlyArray<{ path: string; scope: string }> }).skills.map((s) => [s.path, s.scope]))
      const listed = (JSON.parse(prompt.stdout) as { skills: ReadonlyArray<Entry> }).skills.map((s) => ({ name: s.name, description: s.description, scope: scopes.get(s.location) }))
      const expected = ownSkills(scenarios[scenario]!)
      expect(expected.length).toBeGreaterThan(10)
      expect(listed).toEqual(expected)
    })
  }
})
