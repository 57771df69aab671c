// The note `show` and `open` add about the skill's files a text names and what `${CLAUDE_SKILL_DIR}` in it
// stands for (docs/decisions.md P7; Claude Code's variable for the directory of the SKILL.md it loads, which
// for a skill skc built holds the stub alone).
import { describe, expect, it } from "vitest"
import { DEPLOYED_AS_STUB } from "../../src/domain/namedFiles.js"
import { namedFilesNote, shellCommandsNote } from "../../src/render/show.js"

const dir = "/src/skills/filler"

describe("namedFilesNote", () => {
  it("names the files and the directory, and says the variable stands for it when the text uses it", () => {
    const files = { skill: "filler", files_named: ["scripts/fill.py"], base_dir: dir, [DEPLOYED_AS_STUB]: true as const }
    expect(namedFilesNote({ ...files, content: "python scripts/fill.py" }, "cli")).toBe(
      `note: the skill's files this section names are in ${dir}: scripts/fill.py; call them by their path there, from the directory you work in (the deployed skill's folder holds its stub alone)`
    )
    expect(namedFilesNote({ ...files, content: "python ${CLAUDE_SKILL_DIR}/scripts/fill.py" }, "tools")).toBe(
      `the skill's files this section names are in ${dir} (base_dir): scripts/fill.py; call them by their path there (\${CLAUDE_SKILL_DIR} stands for that directory), from the directory you work in (the deployed skill's folder holds its stub alone)`
    )
  })

  it("the variable alone: what it is; a team server's reader is told it is not on this machine", () => {
    const result = { skill: "filler", base_dir: dir, content: "cd ${CLAUDE_SKILL_DIR} && npm install", [DEPLOYED_AS_STUB]: true as const }
    expect(namedFilesNote(result, "cli")).toBe(`note: \${CLAUDE_SKILL_DIR} in this section is ${dir}, the skill's source (the deployed skill's folder holds its stub alone)`)
    expect(namedFilesNote(result, "remote")).toMatch(/^\$\{CLAUDE_SKILL_DIR\} in this section is the skill's directory on the team server, not on this machine; read one with: skc_open /)
  })

  it("a skill read where it is (an agent directory's, a path): no word of a stub, which it does not have", () => {
    const files = { skill: "filler", files_named: ["scripts/fill.py"], base_dir: dir, content: "python scripts/fill.py" }
    expect(namedFilesNote(files, "cli")).toBe(`note: the skill's files this section names are in ${dir}: scripts/fill.py; call them by their path there, from the directory you work in`)
    expect(namedFilesNote({ skill: "filler", base_dir: dir, content: "cd ${CLAUDE_SKILL_DIR}" }, "tools")).toBe(
      `\${CLAUDE_SKILL_DIR} in this section is ${dir} (base_dir), the skill's directory`
    )
  })

  it("says nothing of a text that names no file and uses no variable", () => {
    expect(namedFilesNote({ skill: "filler", content: "plain" }, "cli")).toBeUndefined()
    expect(namedFilesNote({ skill: "filler", base_dir: dir, content: "plain" }, "tools")).toBeUndefined()
  })
})

describe("shellCommandsNote", () => {
  it("names the `!` commands of a SKILL.md section, which Claude Code runs only in the stub it loads", () => {
    const content = "Branch: !`git branch --show-current`\n\n```!\ngit status\n```\n"
    expect(shellCommandsNote({ file: "SKILL.md", content }, "cli")).toBe(
      "note: Claude Code runs the `!` commands of the SKILL.md it loads, and a skill skc built is loaded as its stub: this section's 2 commands have not run; run them where the section needs the output ('git branch --show-current', 'git status')"
    )
    expect(shellCommandsNote({ file: "SKILL.md", content: "Now: !`date`" }, "tools")).toMatch(/^Claude Code runs .*this section's command has not run; run it .*\('date'\)$/)
  })

  it("says nothing of another file's section (Claude Code runs none there) or of a section without any", () => {
    expect(shellCommandsNote({ file: "references/x.md", content: "!`date`" }, "cli")).toBeUndefined()
    expect(shellCommandsNote({ file: "SKILL.md", content: "a!`date` and `x`" }, "cli")).toBeUndefined()
  })
})
