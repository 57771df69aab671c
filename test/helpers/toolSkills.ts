/**
 * A global tool skill with one tool that runs a script of its own, as the
 * tests of running, approval, signals and MCP limits need it: SKILL.md with
 * the tool's command (and parameter table, when given), and the script,
 * executable, under `scripts/`. Approving it is left to the test.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"

export interface ScriptTool {
  readonly skill: string
  readonly tool: string
  readonly description: string
  /** The command line, e.g. `./scripts/nap.sh -- {{file}}`. */
  readonly command: string
  /** `scripts/<name>` → its text. */
  readonly scripts: Readonly<Record<string, string>>
  /** More frontmatter lines (`timeout: 20`). */
  readonly frontmatter?: ReadonlyArray<string>
  /** A `#### Parameters` table's rows (`| file | string | yes | Where |`). */
  readonly parameters?: ReadonlyArray<string>
}

/** Writes the skill under `<home>/.skillc/skills/<skill>`; returns its directory. */
export const writeScriptTool = (home: string, t: ScriptTool): string => {
  const dir = join(home, ".skillc", "skills", t.skill)
  mkdirSync(join(dir, "scripts"), { recursive: true })
  const parameters =
    t.parameters === undefined ? "" : `#### Parameters\n\n| Name | Type | Required | Description |\n|------|------|----------|-------------|\n${t.parameters.join("\n")}\n\n`
  writeFileSync(
    join(dir, "SKILL.md"),
    [
      "---",
      `name: ${t.skill}`,
      "version: 1.0.0",
      `description: ${t.description}`,
      "modes: [Global]",
      "read_only: true",
      ...(t.frontmatter ?? []),
      "---",
      "",
      `### ${t.tool}`,
      "",
      "Run it.",
      "",
      `${parameters}#### Command`,
      "",
      "```bash",
      t.command,
      "```",
      ""
    ].join("\n")
  )
  for (const [name, text] of Object.entries(t.scripts)) {
    writeFileSync(join(dir, "scripts", name), text)
    chmodSync(join(dir, "scripts", name), 0o755)
  }
  return dir
}
