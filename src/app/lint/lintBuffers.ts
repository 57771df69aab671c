/**
 * Lint one skill directory with the editor's unsaved text in place of the
 * files on disk (`skc lsp`, issue 50): the same tree reader, rule registry,
 * configuration (`[lint]`) and agent profiles (`[build] targets`, else
 * claude; DECISIONS #51) as `skc lint`, so an author sees in the editor what
 * `skc lint` says in the terminal. A buffer of a markdown file not yet on
 * disk joins the snapshot as a file; a skill whose directory is not on disk
 * yet (an editor's new `SKILL.md`) is its buffers alone.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { RULES } from "../../domain/lint/registry.js"
import { configureRules, runRules } from "../../domain/lint/runner.js"
import { inLintScope, makeSnapshot, type ParseCache } from "../../domain/lint/snapshot.js"
import type { LintDiagnostic, MarkdownFile, SkillEntry, SkillSnapshot } from "../../domain/lint/types.js"
import { EVALS_FILE, TRIGGERS_FILE } from "../../domain/eval/triggerSet.js"
import { FileSystem } from "../../ports/FileSystem.js"
import { fsInternal, Settings } from "../shared/index.js"
import { lintProfiles } from "./lint.js"
import { readSkillTree } from "./lintTree.js"

export interface BufferLint {
  /** The snapshot linted (its `markdown(path)` is the parse the editor's outline and links reuse). */
  readonly snapshot: SkillSnapshot
  readonly diagnostics: ReadonlyArray<LintDiagnostic>
}

/** The tree of a skill directory not on disk yet. */
const NOTHING_ON_DISK = { entries: [], markdownFiles: [], evalFiles: [], metadataFiles: [] } as const

/**
 * The files with each open buffer's text in place of (or beside) the file's. Whether the file is valid
 * UTF-8 (SKL207, SKL701) stays the disk's: it is about the bytes on disk, which a buffer cannot carry (the
 * editor decoded them, as Latin-1 or with U+FFFD), so an open file keeps the finding `skc lint` gives it
 * until it is saved as UTF-8. Before, opening a Latin-1 file made its SKL207 disappear.
 */
const overlay = (files: ReadonlyArray<MarkdownFile>, open: ReadonlyMap<string, string>, keep: (path: string) => boolean): ReadonlyArray<MarkdownFile> => {
  // A binary file on disk (SKL207) stays the disk's too, open or not: the buffer is the editor's decoding of
  // bytes that are no text, and linted as text it gave findings about garbage.
  const out = files.map((f) =>
    open.has(f.path) && f.binary !== true ? { path: f.path, source: open.get(f.path)!, ...(f.invalidUtf8 === undefined ? {} : { invalidUtf8: f.invalidUtf8 }) } : f
  )
  for (const [path, source] of open) if (keep(path) && !files.some((f) => f.path === path)) out.push({ path, source })
  return out
}

/**
 * `root`: the skill directory; `open`: path relative to it (`/`-separated) → the buffer's text;
 * `parseCache`: the skill's parses from its previous lint, reused for unchanged files.
 */
export const lintBuffers = Effect.fn("skc.lintBuffers")(function* (root: string, open: ReadonlyMap<string, string>, parseCache?: ParseCache) {
  const path = yield* Path
  const { config } = yield* Settings
  const profiles = yield* lintProfiles(undefined, config.buildTargets)
  const fs = yield* FileSystem
  // A directory that does not exist yet has no files: reading it failed the lint, and the new buffer got nothing.
  const onDisk = (yield* fs.statOption(root).pipe(Effect.mapError(fsInternal)))?.type === "directory"
  const tree = onDisk ? yield* readSkillTree(root) : NOTHING_ON_DISK
  // Only a buffer of a file not on disk joins as a new file: one at a path the tree holds but does not read
  // (a symlink leading out of the skill, SKL303) stayed out of `skc lint`'s files, and joined it was an orphan
  // (SKL401) that the terminal never reports.
  const notInTree = (p: string): boolean => !tree.entries.some((e) => e.path === p)
  const markdownFiles = overlay(tree.markdownFiles, open, (p) => inLintScope(p) && notInTree(p))
  const evalFiles = overlay(tree.evalFiles, open, (p) => (p === TRIGGERS_FILE || p === EVALS_FILE) && notInTree(p))
  const entries: Array<SkillEntry> = [...tree.entries]
  for (const f of [...markdownFiles, ...evalFiles]) if (!entries.some((e) => e.path === f.path)) entries.push({ path: f.path, type: "file" })
  // An open agents/openai.yaml is linted as the editor has it (SKL606).
  const metadataFiles = tree.metadataFiles.map((f) => (open.has(f.path) ? { path: f.path, source: open.get(f.path)! } : f))
  const snapshot = makeSnapshot({ dirName: path.basename(root), entries, markdownFiles, evalFiles, metadataFiles, profiles, ...(parseCache === undefined ? {} : { parseCache }) })
  const result: BufferLint = { snapshot, diagnostics: runRules(snapshot, configureRules(RULES, config.lint).rules) }
  return result
})
