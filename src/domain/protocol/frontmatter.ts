/**
 * A SKILL.md's frontmatter and body for the protocol's purposes, read with
 * the shared markdown model (src/domain/markdown: DECISIONS #21 rules, one
 * parser for every command).
 */
import { bodyStartLineOf, frontmatterProblemText, parseFrontmatter } from "../markdown/frontmatter.js"
import { splitLines } from "../markdown/lines.js"

export type SkillSource =
  | {
      readonly _tag: "Parsed"
      readonly data: Readonly<Record<string, unknown>>
      readonly body: string
      readonly bodyStartLine: number
      readonly keyLines: Readonly<Record<string, number>>
    }
  | { readonly _tag: "Absent"; readonly body: string; readonly bodyStartLine: number }
  | { readonly _tag: "Invalid"; readonly message: string; readonly body: string; readonly bodyStartLine: number }

export const readSkillSource = (source: string): SkillSource => {
  const lines = splitLines(source)
  const fm = parseFrontmatter(source)
  const bodyStartLine = bodyStartLineOf(fm)
  const body = lines.slice(bodyStartLine - 1).join("\n")
  switch (fm._tag) {
    case "Absent":
      return { _tag: "Absent", body, bodyStartLine }
    case "Invalid":
      return { _tag: "Invalid", message: frontmatterProblemText(fm), body, bodyStartLine }
    case "Parsed":
      return { _tag: "Parsed", data: fm.data, body, bodyStartLine, keyLines: fm.keyLines }
  }
}
