/**
 * Heading anchors for SKL302 (RFC-0008:C-REGISTRY).
 *
 * The RFC's slug: lowercase; drop everything but a-z, 0-9, spaces and
 * hyphens (non-ASCII is dropped); spaces become hyphens; runs of hyphens
 * collapse. Duplicates get `-1`, `-2`… in document order, as on GitHub.
 *
 * GitHub itself keeps Unicode letters and does not collapse hyphens
 * (`## A — B` → `a--b`). A link written for GitHub must not be a false
 * positive, so an anchor matches when it equals either form.
 */

export const rfcSlug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-")
    .replace(/-+/g, "-")

export const githubSlug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-")

/** Every anchor a file's headings define, under both slug forms, with duplicate suffixes. */
export const anchorsOf = (headingTexts: ReadonlyArray<string>): ReadonlySet<string> => {
  const anchors = new Set<string>()
  for (const slug of [rfcSlug, githubSlug]) {
    const seen = new Map<string, number>()
    for (const text of headingTexts) {
      const base = slug(text)
      const n = seen.get(base)
      anchors.add(n === undefined ? base : `${base}-${n}`)
      seen.set(base, (n ?? 0) + 1)
    }
  }
  return anchors
}

/** Anchors compare case-insensitively: `#Setup` reaches `## Setup`. */
export const hasAnchor = (anchors: ReadonlySet<string>, fragment: string): boolean =>
  anchors.has(fragment) || anchors.has(fragment.toLowerCase())
