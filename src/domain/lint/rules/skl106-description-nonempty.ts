import { metadataFindings } from "../metadataIssues.js"
import { frontmatterData, keyAt, type Rule } from "../types.js"

/** `skc init`'s template description ("TODO: Add skill description") and any other `TODO` placeholder. */
export const PLACEHOLDER = /^\s*TODO\b/

export const placeholderMessage = (description: string): string =>
  `description is a placeholder ('${description.trim()}'): say what the skill does and when to use it`

export const skl106: Rule = {
  id: "SKL106",
  name: "description-nonempty",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY",
  summary: "`description` is a non-empty string, not a `TODO` placeholder.",
  doc:
    "An empty or whitespace-only description gives an agent nothing to match a task against, which is the same as having none; " +
    "so does a placeholder starting with `TODO` (the template `skc init` writes).",
  fix: "Write one or two sentences: what the skill does, then when to use it.",
  check: (s) => {
    const found = metadataFindings(s, "SKL106")
    // issue 46 item 5: `skc init`'s template ("TODO: Add skill description") is no description either.
    const description = frontmatterData(s.frontmatter)?.description
    if (found.length > 0 || typeof description !== "string" || !PLACEHOLDER.test(description)) return found
    return [{ file: "SKILL.md", ...keyAt(s.frontmatter, "description"), message: placeholderMessage(description) }]
  }
}
