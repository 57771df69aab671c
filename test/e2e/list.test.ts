/**
 * `skc list` as a process (RFC-0007:C-LIST): the text table, --verbose, the
 * empty messages, JSON and E100 from the command line. Discovery, status,
 * filters and counts are tested in process in test/app/list.test.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const skillMd = (name: string) => `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\n\n# ${name}\n\nBody.\n`
const write = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

describe("skc list (smoke)", () => {
  const box = sandbox()
  const project = join(box.work, "proj")
  write(join(project, ".skillc", "skills", "alpha", "SKILL.md"), skillMd("alpha"))
  write(join(project, ".skillc", "skills", "broken", "SKILL.md"), "---\nname: [unclosed\n---\n")
  write(join(box.home, ".skillc", "skills", "cuda", "SKILL.md"), skillMd("cuda"))

  it("RFC-0007:C-LIST text table, --verbose adds the SOURCE column, warnings on stderr, JSON", async () => {
    const text = await box.runAsync(["list"], project)
    expect(text.code).toBe(0)
    expect(text.stderr).toMatch(/^warning: skipping '.*broken': invalid frontmatter/)
    const lines = text.stdout.trimEnd().split("\n")
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^SKILL\s+SCOPE\s+STATUS$/)
    expect(lines[1]).toMatch(/^alpha\s+project\s+not-built$/)
    expect(lines[2]).toMatch(/^cuda\s+global\s+not-built$/)
    const vlines = (await box.runAsync(["list", "--verbose"], project)).stdout.trimEnd().split("\n")
    expect(vlines[0]).toMatch(/^SKILL\s+SCOPE\s+STATUS\s+SOURCE$/)
    expect(vlines[1]).toMatch(/^alpha\s+project\s+not-built\s+\.skillc\/skills\/alpha$/)
    expect(vlines[2]).toMatch(/^cuda\s+global\s+not-built\s+~\/\.skillc\/skills\/cuda$/)
    const json = JSON.parse((await box.runAsync(["list", "--format", "json", "--scope", "global"], project)).stdout)
    expect(json).toEqual({
      skills: [{ name: "cuda", scope: "global", status: "not-built", source_path: join(box.home, ".skillc/skills/cuda"), runtime_path: join(box.home, ".skillc/runtime/cuda") }],
      total: 2,
      filtered: 1
    })
  })

  it("RFC-0007:C-LIST no skills, or none matching, is a message and exit 0", async () => {
    const empty = sandbox()
    expect(await empty.runAsync(["list"])).toEqual({ code: 0, stdout: "No skills found\n", stderr: "" })
    const none = await box.runAsync(["list", "--pattern", "nothing-*"], project)
    expect(none.code).toBe(0)
    expect(none.stdout).toMatch(/No skills match/)
  })

  it("RFC-0005 E100 for invalid filter values and formats (DECISIONS #32)", async () => {
    for (const [args, needle] of [
      [["--scope", "local"], `--scope: expected "project" | "global" | "all", actual "local"`],
      [["--limit", "0"], "--limit"],
      [["--format", "xml"], "format"]
    ] as const) {
      const r = await box.runAsync(["list", ...args], project)
      expect(r.code).toBe(1)
      expect(r.stdout).toBe("")
      expect(r.stderr).toMatch(/^error\[E100\]: invalid option: '/)
      expect(r.stderr).toContain(needle)
    }
  })
})
