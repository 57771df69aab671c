/**
 * Heading anchors for link checking (RFC-0008 SKL302).
 *
 * `headingSlug` is the RFC's normative rule: lowercase, keep only ASCII
 * letters, digits, spaces and hyphens (everything non-ASCII is removed),
 * spaces become hyphens, runs of hyphens collapse.
 *
 * `githubSlug` is what GitHub itself renders (github-slugger): Unicode
 * letters, marks, numbers and connector punctuation (`_`) survive, every
 * space becomes a hyphen and nothing collapses. Lint may accept either, so a
 * link that works on GitHub is not reported.
 *
 * Duplicates get `-1`, `-2`... suffixes in document order, github-slugger
 * style, whichever slug function is used (`anchorsOf`).
 */
import type { Heading } from "./model.js"

export const headingSlug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-")
    .replace(/-{2,}/g, "-")

export const githubSlug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-")

/** Unique anchors of the headings, in order, with github-slugger's duplicate suffixes. */
export const anchorsOf = (
  headings: ReadonlyArray<Pick<Heading, "text">>,
  slug: (text: string) => string = headingSlug
): ReadonlyArray<string> => {
  const occurrences = new Map<string, number>()
  return headings.map((heading) => {
    const base = slug(heading.text)
    let result = base
    while (occurrences.has(result)) {
      const n = occurrences.get(base)! + 1
      occurrences.set(base, n)
      result = `${base}-${n}`
    }
    occurrences.set(result, 0)
    return result
  })
}
