/**
 * Reading a SKILL.md's frontmatter through the one markdown model
 * (`domain/markdown`), with the validity rule `list` and the MCP skills
 * resources share (RFC-0007:C-LIST "a SKILL.md with valid frontmatter"):
 * the frontmatter parses and has string `name` and `description`.
 */
import { Effect } from "effect"
import { frontmatterProblemText, parseFrontmatter } from "../domain/markdown/frontmatter.js"
import { FileSystem } from "../ports/FileSystem.js"

export type SkillFrontmatter =
  | { readonly _tag: "Valid"; readonly data: Readonly<Record<string, unknown>> }
  | { readonly _tag: "Problem"; readonly message: string }

export const frontmatterProblem = (source: string): SkillFrontmatter => {
  const fm = parseFrontmatter(source)
  if (fm._tag === "Absent") return { _tag: "Problem", message: "SKILL.md has no frontmatter" }
  if (fm._tag === "Invalid") return { _tag: "Problem", message: `invalid frontmatter in SKILL.md: ${frontmatterProblemText(fm)}` }
  for (const field of ["name", "description"]) {
    const value = fm.data[field]
    if (typeof value !== "string" || value.trim() === "") {
      return { _tag: "Problem", message: `missing frontmatter field '${field}' in SKILL.md` }
    }
  }
  return { _tag: "Valid", data: fm.data }
}

/** Never fails: an unreadable SKILL.md is a problem to report, not an error. */
export const readSkillFrontmatter = (skillMd: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const text = yield* fs.readFileString(skillMd).pipe(Effect.result)
    if (text._tag === "Failure") {
      const code = text.failure.code
      return {
        _tag: "Problem",
        message: code === "ENOENT" || code === "ENOTDIR" ? "missing SKILL.md" : `cannot read SKILL.md: ${code}`
      } as SkillFrontmatter
    }
    return frontmatterProblem(text.success)
  })
