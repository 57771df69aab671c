/**
 * How much of a section only points elsewhere (issue 47, docs/search.md
 * "Sections that point elsewhere"): the share of its lines that list
 * another file, as list items or table rows holding a Markdown link or a
 * path with a file extension. A routing table ("Files in This Skill": one
 * item per file, each with what the file is for) holds words of every
 * question about the skill and answers none of them itself; the learned
 * order of the first ten (rerank.ts) weighs this share against the rest.
 * Pure.
 */

/**
 * How much of a section's stored text is read for it: enough for the lines
 * of a routing table, and a bound on what the first ten of an answer read
 * (a level-1 section holds its whole file).
 */
export const NAVIGATION_LEAD_CHARS = 4096

/** A list item or a table row: how a routing table is written (a sentence that mentions SKILL.md is not one). */
const LIST_OR_ROW = /^\s*(?:[-*+]\s|\d+[.)]\s|\|)/

/**
 * A line naming another file: a Markdown link target, or a path ending in
 * the extension of a file a skill ships (documents, scripts, data). The
 * form the candidate script measured first (scripts/try-rerank-features.mjs);
 * a wider one (more extensions, any case) did worse leaving each tuning
 * file out.
 */
const NAMES_A_FILE = /\]\([^)]+\)|\b[\w./-]+\.(?:md|py|js|ts|sh|txt|json|html)\b/

/**
 * Of the first NAVIGATION_LEAD_CHARS characters of a section's text (its
 * heading line first, as the index stores it), the share of the non-blank
 * lines after the first that are list items or table rows naming another
 * file; 0 for a section without such lines.
 */
export const navigationShare = (text: string): number => {
  const lines = text.slice(0, NAVIGATION_LEAD_CHARS).split("\n")
  let counted = 0
  let naming = 0
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === "") continue
    counted++
    if (LIST_OR_ROW.test(line) && NAMES_A_FILE.test(line)) naming++
  }
  return counted === 0 ? 0 : naming / counted
}
