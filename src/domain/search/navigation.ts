/**
 * How much of a section only points elsewhere (issue 47, docs/search.md
 * "Sections that point elsewhere"): the share of its lines that name
 * another file, by a Markdown link or a path with a file extension. A
 * routing table ("Files in This Skill": one row per file, each with what
 * the file is for) holds words of every question about the skill and
 * answers none of them itself; the learned order of the first ten
 * (rerank.ts) weighs this share against the rest. Pure.
 */

/**
 * How much of a section's stored text is read for it: enough for the lines
 * of a routing table, and a bound on what the first ten of an answer read
 * (a level-1 section holds its whole file).
 */
export const NAVIGATION_LEAD_CHARS = 4096

/** A line naming another file: a Markdown link target, or a path ending in a file extension. */
const NAMES_A_FILE = /\]\([^)\s]+[^)]*\)|\b[\w./-]+\.(?:md|mdx|txt|py|js|mjs|cjs|ts|tsx|jsx|sh|json|ya?ml|toml|html|css|xml|xsd)\b/i

/**
 * Of the first NAVIGATION_LEAD_CHARS characters of a section's text (its
 * heading line first, as the index stores it), the share of the non-blank
 * lines after the first that name another file; 0 for a section without
 * such lines.
 */
export const navigationShare = (text: string): number => {
  const lines = text.slice(0, NAVIGATION_LEAD_CHARS).split("\n")
  let counted = 0
  let naming = 0
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === "") continue
    counted++
    if (NAMES_A_FILE.test(line)) naming++
  }
  return counted === 0 ? 0 : naming / counted
}
