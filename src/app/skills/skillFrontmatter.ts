/**
 * Reading a SKILL.md's frontmatter through the one markdown model
 * (`domain/markdown`), with the validity rule `list` and the MCP skills
 * resources share (RFC-0007:C-LIST "a SKILL.md with valid frontmatter"):
 * the frontmatter parses and has string `name` and `description`.
 */
import { Effect } from "effect"
import { frontmatterProblemText, parseFrontmatter, parseFrontmatterQuotingColons } from "../../domain/markdown/frontmatter.js"
import { FileSystem, isNotFound } from "../../ports/FileSystem.js"
import { looksUtf16, utf16Message } from "../../domain/markdown/nul.js"

export type SkillFrontmatter =
  | { readonly _tag: "Valid"; readonly data: Readonly<Record<string, unknown>> }
  | { readonly _tag: "Problem"; readonly message: string }

/**
 * The verdicts of the SKILL.md texts seen last, by text: a long-lived
 * server lists and resolves every skill on each call (`search --all`,
 * `skc_list`), and re-parsing unchanged YAML was a tenth of such a call
 * (issue 25). Bounded; results are never mutated by callers.
 */
const seen = { strict: new Map<string, SkillFrontmatter>(), asAgentsRead: new Map<string, SkillFrontmatter>() }
const SEEN_MAX = 512

/**
 * How a SKILL.md is read. `strict`: a skill of skc's own stores, which its
 * author lints and builds. `asAgentsRead`: a skill in an agent's directory,
 * which skc cannot edit, read as agents read it: a value with an unquoted
 * `: ` (`description: Use when: …`) as if quoted, the specification's
 * client guide's fallback that discovery and resolution apply too
 * (`validateSkillSource`), so that what resolves by name is also listed.
 */
export type FrontmatterReading = keyof typeof seen

export const frontmatterProblem = (source: string, reading: FrontmatterReading = "strict"): SkillFrontmatter => {
  const cache = seen[reading]
  const known = cache.get(source)
  if (known !== undefined) return known
  const verdict = judgeFrontmatter(source, reading)
  if (cache.size >= SEEN_MAX) cache.delete(cache.keys().next().value as string)
  cache.set(source, verdict)
  return verdict
}

const judgeFrontmatter = (source: string, reading: FrontmatterReading): SkillFrontmatter => {
  let fm = parseFrontmatter(source)
  if (fm._tag === "Invalid" && fm.column !== undefined && reading === "asAgentsRead") {
    fm = parseFrontmatterQuotingColons(source)?.frontmatter ?? fm
  }
  if (fm._tag === "Absent") return { _tag: "Problem", message: looksUtf16(source) ? utf16Message : "SKILL.md has no frontmatter" }
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
export const readSkillFrontmatter = Effect.fnUntraced(function* (skillMd: string, reading: FrontmatterReading = "strict") {
  const fs = yield* FileSystem
  const text = yield* fs.readFileString(skillMd).pipe(Effect.result)
  if (text._tag === "Failure") {
    const code = text.failure.code
    // A folder whose name is not valid UTF-8 reaches skc with U+FFFD for its bytes, a name no file has: its
    // SKILL.md "missing" sent a build probe looking for a file that is there.
    const undecodable = (code === "ENOENT" || code === "ENOTDIR") && skillMd.includes("\uFFFD")
    return {
      _tag: "Problem",
      // A directory named SKILL.md is no SKILL.md, as E010 and lint say it; not a raw EISDIR.
      message: undecodable
        ? "its folder's name is not valid UTF-8 (\uFFFD marks the bytes), so skc cannot open it; rename it in UTF-8"
        : isNotFound(text.failure)
          ? // A SKILL.md link that loops or leads nowhere is missing, as E010 says of it (`list` said "cannot read SKILL.md: ELOOP").
            "missing SKILL.md"
          : code === "EISDIR"
            ? "missing SKILL.md (SKILL.md is a directory)"
            : `cannot read SKILL.md: ${code}`
    } as SkillFrontmatter
  }
  return frontmatterProblem(text.success, reading)
})
