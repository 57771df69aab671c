/**
 * Links and images of the scanned markdown files, classified once per file and shared by
 * SKL301–SKL303 and SKL401. Links inside code blocks and inline code are not
 * links (the markdown model never reports them; reference change log 0.1.0).
 */
import type { Link } from "../markdown/model.js"
import { classifyTarget, type LinkTarget } from "./paths.js"
import type { SkillSnapshot } from "./types.js"

export interface FileLink {
  readonly file: string
  readonly link: Link
  readonly target: LinkTarget
}

const cache = new WeakMap<SkillSnapshot, ReadonlyArray<FileLink>>()

export const fileLinks = (s: SkillSnapshot): ReadonlyArray<FileLink> => {
  const hit = cache.get(s)
  if (hit !== undefined) return hit
  const out: Array<FileLink> = []
  for (const f of s.markdownFiles) {
    const facts = s.markdown(f.path)
    if (facts === undefined) continue
    for (const link of [...facts.links, ...facts.images]) {
      // A reference link's target is its definition's, which is checked (and reported) once, at the definition.
      if (link.kind === "reference") continue
      out.push({ file: f.path, link, target: classifyTarget(f.path, link.target) })
    }
  }
  cache.set(s, out)
  return out
}
