/**
 * `skc lint --fix` over one skill, in memory (issue 50): lint, apply every
 * certain fix that does not overlap another, lint the edited text again, and
 * repeat until no fix is left (a fix can reveal or enable another), at most
 * `MAX_PASSES` times. The caller writes the files that changed, or shows
 * their diff; running it again on its result changes nothing, because it
 * stops only when the last pass found no fix to apply.
 */
import { applyEdits, compatibleFixes, type Fix } from "./fix.js"
import { runRules, type EffectiveRule } from "./runner.js"
import { makeSnapshot } from "./snapshot.js"
import type { LintDiagnostic, MarkdownFile } from "./types.js"

/** Passes before giving up on convergence (each pass fixes every non-overlapping finding). */
export const MAX_PASSES = 10

export type SnapshotInput = Parameters<typeof makeSnapshot>[0]

export interface FixOutcome {
  /** The findings a fix was applied for, as first reported. */
  readonly fixed: ReadonlyArray<LintDiagnostic>
  /** What lint reports on the fixed text. */
  readonly diagnostics: ReadonlyArray<LintDiagnostic>
  /** Each markdown file whose text changed: path → [before, after]. */
  readonly changed: ReadonlyMap<string, { readonly before: string; readonly after: string }>
}

export const fixSkill = (input: SnapshotInput, rules: ReadonlyArray<EffectiveRule>): FixOutcome => {
  let files: ReadonlyArray<MarkdownFile> = input.markdownFiles
  const original = new Map(files.map((f) => [f.path, f.source]))
  const fixed: Array<LintDiagnostic> = []
  let diagnostics = runRules(makeSnapshot({ ...input, markdownFiles: files }), rules)
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const byFile = new Map<string, Array<{ d: LintDiagnostic; fix: Fix }>>()
    for (const d of diagnostics) {
      if (d.fix === undefined || !original.has(d.file)) continue
      const list = byFile.get(d.file) ?? []
      list.push({ d, fix: d.fix })
      byFile.set(d.file, list)
    }
    if (byFile.size === 0) break
    let applied = 0
    files = files.map((f) => {
      const pending = byFile.get(f.path)
      if (pending === undefined) return f
      const accepted = new Set(compatibleFixes(pending.map((p) => p.fix)))
      const edits = pending.filter((p) => accepted.has(p.fix))
      if (edits.length === 0) return f
      const source = applyEdits(f.source, edits.flatMap((p) => p.fix.edits))
      if (source === f.source) return f
      applied++
      for (const p of edits) fixed.push(p.d)
      return { path: f.path, source }
    })
    if (applied === 0) break
    diagnostics = runRules(makeSnapshot({ ...input, markdownFiles: files }), rules)
  }
  const changed = new Map<string, { before: string; after: string }>()
  for (const f of files) {
    const before = original.get(f.path)!
    if (before !== f.source) changed.set(f.path, { before, after: f.source })
  }
  return { fixed, diagnostics, changed }
}
