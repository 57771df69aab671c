/**
 * The reference graph of a snapshot (`src/domain/references/reach.ts`),
 * computed once per snapshot and shared by SKL401 and SKL402.
 */
import { indexSkillFiles, referencesIn, type CaseMismatch, type SkillFileIndex } from "../references/reach.js"
import { classifyTarget } from "./paths.js"
import type { SkillSnapshot } from "./types.js"

export interface SnapshotReferences {
  readonly index: SkillFileIndex
  /** Markdown files reachable from SKILL.md (SKILL.md included). */
  readonly reached: ReadonlySet<string>
  /** Case-only matches in SKILL.md and the markdown files it reaches (what an agent reads), in scan order. */
  readonly caseMismatches: ReadonlyArray<{ readonly file: string; readonly mismatch: CaseMismatch }>
}

const cache = new WeakMap<SkillSnapshot, SnapshotReferences>()

export const snapshotReferences = (s: SkillSnapshot): SnapshotReferences => {
  const hit = cache.get(s)
  if (hit !== undefined) return hit
  const index = indexSkillFiles(
    s.entries.filter((e) => e.type === "file" && e.escapes !== true).map((e) => e.path),
    s.entries.filter((e) => e.type === "directory").map((e) => e.path),
    // A mention from a plugin's root through the skill's folder (`skills/<dir>/guide.md`) reaches `guide.md`.
    s.dirName
  )
  const sources = new Map(s.markdownFiles.map((f) => [f.path, f.source]))
  // Only files an agent reads are scanned for mentions: an orphan's mentions reach nothing.
  const refs = new Map<string, ReturnType<typeof referencesIn>>()
  const reached = new Set<string>()
  if (sources.has("SKILL.md")) {
    reached.add("SKILL.md")
    const queue = ["SKILL.md"]
    for (let i = 0; i < queue.length; i++) {
      const file = queue[i]!
      const found = referencesIn(index, file, sources.get(file)!)
      refs.set(file, found)
      // The file's Markdown links as SKL301 resolves them too: a mention is read word by word, so a target
      // with a parenthesis or a space (`[p](references/a(b).md)`, `<references/short cut.md>`) reached nothing.
      const linked = (s.markdown(file)?.links ?? []).flatMap((l) => {
        if (l.kind === "autolink") return []
        const target = classifyTarget(file, l.target)
        return target._tag === "Internal" && index.files.has(target.path) ? [target.path] : []
      })
      for (const path of [...found.files.map((f) => f.path), ...linked]) {
        if (path === file || reached.has(path)) continue
        reached.add(path)
        if (sources.has(path)) queue.push(path)
      }
    }
  }
  const caseMismatches = s.markdownFiles.flatMap((f) => (refs.get(f.path)?.caseMismatches ?? []).map((mismatch) => ({ file: f.path, mismatch })))
  const out: SnapshotReferences = { index, reached, caseMismatches }
  cache.set(s, out)
  return out
}
