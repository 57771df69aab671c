/**
 * DECISIONS #51 (a profile models the agent's listing), checked against the
 * real client: test/fixtures/gemini-listing/gemini-0.61.0.json holds the
 * `<available_skills>` block Gemini CLI 0.61.0 sent its model (the first
 * request of `gemini -p`, recorded by a local server standing in for the
 * Gemini API; how is in the file) for the skills of
 * test/fixtures/gemini-listing in three runs: from `work`, from `work/sub`,
 * and from `work` with the settings of `with-settings/`. For the same trees,
 * `skc prompt --agent gemini --format json` must list the same skills, in
 * the same order, with the same names, descriptions and locations (Gemini
 * CLI's own bundled skills aside: they live in its package). Each skills
 * directory of the fixture brings at most one new name, so the order does
 * not depend on the order a file system lists a directory in.
 *
 * The fixture holds one name in four directories (the user's and the
 * project's `.gemini/skills` and `.agents/skills`: the last loaded wins, at
 * the place of the first), a folded description with markup, a SKILL.md
 * right in a skills directory, one two directories down, skills without a
 * name or a description, a name with characters Gemini CLI replaces, a
 * skill of a directory below the working directory, and settings with
 * comments that disable a skill by another case of its name.
 *
 * One difference is allowed, and only one: skc reads a description trimmed
 * at its ends (RFC's metadata), so the line break a folded block scalar
 * (`>`) ends with, which Gemini CLI passes on, is not in skc's text.
 */
import { cpSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { fixtureSandbox, recordedListing, type RecordedEntry } from "../helpers/recordedListing.js"

const { dir: FIXTURE, scenarios } = recordedListing("gemini", "gemini-0.61.0.json")
type Entry = RecordedEntry
/** What skc can list: Gemini CLI's own bundled skills are in its package, not in any skills directory. */
const ownSkills = (entries: ReadonlyArray<Entry>) =>
  entries.filter((e) => !e.location.startsWith("builtin/")).map((e) => ({ ...e, description: e.description.trim() }))

describe("skc's Gemini CLI listing against Gemini CLI 0.61.0's own (DECISIONS #51)", () => {
  const runs: ReadonlyArray<readonly [string, string, string, boolean]> = [
    ["from the working directory: the project's .agents/skills copy wins, at the user's place", "work", "work", false],
    ["from a directory below: only its own project directories, no ancestor's", "work/sub", "work/sub", false],
    ["with skills.disabled in the project's settings (JSON with comments, any case)", "work with with-settings/settings.json as work/.gemini/settings.json", "work", true]
  ]
  for (const [title, scenario, cwd, withSettings] of runs) {
    it(title, async () => {
      // The sandbox's home is where skc (and the client) read the user's directories.
      const sb = fixtureSandbox(FIXTURE, "work", false)
      if (withSettings) cpSync(join(FIXTURE, "with-settings", "settings.json"), join(sb.work, "work", ".gemini", "settings.json"))
      const r = await sb.runAsync(["prompt", "--agent", "gemini", "--format", "json"], join(sb.work, cwd))
      expect(r.code, r.stderr).toBe(0)
      const listed = (JSON.parse(r.stdout) as { skills: ReadonlyArray<Entry> }).skills.map((s) => ({
        name: s.name,
        description: s.description,
        location: s.location.startsWith(sb.home) ? `home${s.location.slice(sb.home.length)}` : s.location.slice(sb.work.length + 1)
      }))
      const expected = ownSkills(scenarios[scenario]!)
      expect(expected.length).toBeGreaterThan(2)
      expect(listed).toEqual(expected)
    })
  }
})
