// RFC-0007:C-RESOLUTION takes a skill as a directory holding SKILL.md, or as a name. A file named instead
// (`skc lint skills/pdf/SKILL.md`, as a pre-commit hook passes the files it changed) is E001, and its hint
// says which folder to name rather than sending the author to `skc list`. In memory.
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: d\n---\n# ${name}\n\n## Usage\n\nrun it\n`

const failed = async (w: ReturnType<typeof memoryWorld>, name: string) => {
  const r = await w.run(resolveSkill(name))
  return Result.isFailure(r) && r.failure._tag === "SkillNotFound" ? [r.failure.text, ...r.failure.detail].join("\n") : `resolved or another error: ${String(r)}`
}

describe("RFC-0007:C-RESOLUTION a file named where a skill's folder is meant", () => {
  const world = () =>
    memoryWorld({
      cwd: "/proj",
      files: {
        "/proj/skills/pdf/SKILL.md": SKILL("pdf"),
        "/proj/skills/pdf/reference/forms.md": "# Forms\n",
        "/proj/notes.txt": "not a skill\n"
      }
    })

  it("E001 for a SKILL.md path names the folder that holds it", async () => {
    expect(await failed(world(), "skills/pdf/SKILL.md")).toBe(
      "skill 'skills/pdf/SKILL.md' not found\nskills/pdf/SKILL.md is a file of the skill in skills/pdf: name the skill by its folder, skills/pdf"
    )
  })

  it("E001 for another file of a skill, deeper down, names the skill's folder too", async () => {
    expect(await failed(world(), "skills/pdf/reference/forms.md")).toContain("is a file of the skill in skills/pdf: name the skill by its folder, skills/pdf")
  })

  it("E001 for a file in no skill says a skill is named by its folder", async () => {
    expect(await failed(world(), "notes.txt")).toBe("skill 'notes.txt' not found\nnotes.txt is a file: name a skill by its folder (the one holding its SKILL.md) or by its name")
  })

  it("E001 for a link to a skill's file names the folder of the skill holding its target", async () => {
    const w = world()
    Effect.runSync(w.fs.symlink("/proj/skills/pdf/SKILL.md", "/proj/link.md", "file"))
    expect(await failed(w, "link.md")).toContain("link.md is a file of the skill in skills/pdf: name the skill by its folder, skills/pdf")
  })

  it("the folder itself resolves, and a name that is no file keeps its usual hint", async () => {
    const w = world()
    expect(Result.getOrThrow(await w.run(resolveSkill("skills/pdf"))).sourceDir).toBe("/proj/skills/pdf")
    expect(await failed(w, "nothing-here")).not.toContain("is a file")
  })
})
