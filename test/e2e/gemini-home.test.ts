/**
 * Gemini CLI's user directories and settings as its source reads them (DECISIONS #51; fifty-eighth pass probe of
 * google-gemini/gemini-cli): `GEMINI_CLI_HOME` moves the home they are read below (packages/core/src/utils/paths.ts
 * `homedir`, config/storage.ts), and its skill search ignores `node_modules` (skillLoader.ts `loadSkillsFromDir`).
 * Every run sets HOME, SKILLC_HOME and GEMINI_CLI_HOME (or leaves it unset) explicitly.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}
const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill. Use when testing ${name}.\n---\n\n# ${name}\n`

describe("Gemini CLI: GEMINI_CLI_HOME and node_modules", () => {
  const sb = sandbox()
  const moved = join(sb.root, "gemini-home")
  put(join(moved, ".gemini", "skills", "gclihome", "SKILL.md"), skill("gclihome"))
  put(join(moved, ".agents", "skills", "gcliagents", "SKILL.md"), skill("gcliagents"))
  put(join(moved, ".gemini", "settings.json"), JSON.stringify({ skills: { disabled: ["GCLIAGENTS"] } }))
  put(join(sb.home, ".gemini", "skills", "oshome", "SKILL.md"), skill("oshome"))
  put(join(sb.work, ".gemini", "skills", "node_modules", "SKILL.md"), skill("nm-skill"))
  put(join(sb.work, ".gemini", "skills", "kept", "SKILL.md"), skill("kept"))
  const names = async (env: Record<string, string | undefined>) => {
    const r = await sb.runAsync(["discover", "--agent", "gemini", "--format", "json"], sb.work, env)
    expect(r.code, r.stderr).toBe(0)
    const doc = JSON.parse(r.stdout) as { skills: Array<{ name: string }>; searched: Array<{ scope: string; path: string; via?: string }> }
    return { names: doc.skills.map((s) => s.name).sort(), user: doc.searched.filter((d) => d.scope === "user") }
  }

  it("reads the user skill directories below $GEMINI_CLI_HOME when it is set, and its settings there", async () => {
    const got = await names({ GEMINI_CLI_HOME: moved })
    expect(got.names).toEqual(["gclihome", "gcliagents", "kept"].sort())
    expect(got.user.map((d) => [d.path, d.via]).sort()).toEqual([
      [join(moved, ".agents", "skills"), "GEMINI_CLI_HOME"],
      [join(moved, ".gemini", "skills"), "GEMINI_CLI_HOME"]
    ])
    // $GEMINI_CLI_HOME/.gemini/settings.json disables gcliagents (names compared without case): not in the prompt.
    const prompt = await sb.runAsync(["prompt", "--agent", "gemini"], sb.work, { GEMINI_CLI_HOME: moved })
    expect(prompt.stdout).toContain("<name>gclihome</name>")
    expect(prompt.stdout).not.toContain("<name>gcliagents</name>")
  })

  it("unset, the home directory is read as before; a skill folder named node_modules is never listed", async () => {
    const got = await names({ GEMINI_CLI_HOME: undefined })
    expect(got.names).toEqual(["kept", "oshome"])
  })
})
