/**
 * Read a skill directory for lint on top of the shared scan (`scanSourceTree`,
 * the walker build uses: `.git/` and `.jj/` skipped, symlinks followed only
 * inside the root). Escaping symlinks are kept as entries marked `escapes`
 * (SKL303), never read; markdown files in lint scope (RFC-0008:C-SCOPE) are
 * read as text unless they look binary (a NUL byte and not UTF-8 text):
 * such a file is kept, empty and marked (SKL207 reports it), and no other
 * rule looks into it.
 */
import { readFailure } from "../shared/index.js"
import { Effect } from "effect"
import { Path } from "effect/Path"
import { inLintScope, treeEntries } from "../../domain/lint/snapshot.js"
import { CODEX_METADATA_FILE, CODEX_METADATA_MAX_BYTES } from "../../domain/agents/codexPolicy.js"
import { EVALS_FILE, TRIGGERS_FILE } from "../../domain/eval/triggerSet.js"
import type { MarkdownFile, MetadataFile } from "../../domain/lint/types.js"
import { FileSystem } from "../../ports/FileSystem.js"
import { firstInvalidUtf8 } from "../../domain/markdown/utf8.js"
import { looksUtf16 } from "../../domain/markdown/nul.js"
import { isOversized } from "../../domain/sourcePaths.js"
import { scanSourceTree, Settings } from "../shared/index.js"
import { warn } from "../../ports/Diagnostics.js"
import { Warning } from "../../domain/errors.js"


const utf8 = new TextDecoder("utf-8")

const EVAL_FILES: ReadonlyArray<string> = [TRIGGERS_FILE, EVALS_FILE]

/** A NUL byte in the first 8 KiB marks a file as binary (as git and ripgrep do). */
export const looksBinary = (bytes: Uint8Array): boolean => {
  const n = Math.min(bytes.length, 8192)
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true
  return false
}

export const readSkillTree = Effect.fnUntraced(function* (root: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const tree = yield* scanSourceTree(root, { onEscape: "skip" })
  const entries = treeEntries(tree)
  const markdownFiles: Array<MarkdownFile> = []
  const { maxFileBytes } = (yield* Settings).config
  for (const f of tree.files) {
    if (!inLintScope(f.path)) continue
    // Bounded work: a Markdown file over [search] max_file_bytes (never SKILL.md) is not read, as build does
    // not index it; read whole, a 600 MB one failed lint with E999 after a gigabyte of memory.
    if (isOversized(f, maxFileBytes)) {
      // Named with its skill's folder, as build names it: `lint --all` over 400 skills said only 'references/huge.md'.
      yield* warn(Warning.notice(`'${path.basename(root)}/${f.path}' is not linted: ${f.size} bytes, above [search] max_file_bytes (${maxFileBytes})`))
      continue
    }
    const bytes = yield* fs.readFile(path.join(tree.canonicalRoot, ...f.path.split("/"))).pipe(Effect.mapError(readFailure))
    // SKILL.md is read even when binary, so that SKL100 says why it is refused (issue 29 item 5).
    if (f.path === "SKILL.md" || !looksBinary(bytes)) {
      // A binary SKILL.md is SKL100's alone (a NUL byte); any other text says where it stops being UTF-8 (SKL207).
      const invalidUtf8 = looksBinary(bytes) ? undefined : firstInvalidUtf8(bytes)
      const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
      markdownFiles.push({ path: f.path, source: utf8.decode(bytes), ...(invalidUtf8 === undefined ? {} : { invalidUtf8 }), ...(bom ? { bom: true as const } : {}) })
    } else if (looksUtf16(utf8.decode(bytes.subarray(0, 64)))) {
      // UTF-16 text (a reference saved by PowerShell 5.1's `>`) is binary to agents and to skc: said by SKL207,
      // where it was skipped as binary without a word (its headings unlisted, links to its anchors unchecked).
      markdownFiles.push({ path: f.path, source: "", utf16: true })
    } else if (firstInvalidUtf8(bytes) === undefined) {
      // UTF-8 text holding a NUL byte (a pasted control character) is text, linted as such, and SKL207 names the
      // line: skipped as binary, one such byte switched off every check of the file and of links into it, without
      // a word (an editor probe).
      markdownFiles.push({ path: f.path, source: utf8.decode(bytes) })
    } else {
      // Neither text (an image named .md, a corrupted document): what an agent told to read it gets is garbage.
      // Skipped without a word, `skc lint` passed it and the editor showed nothing (an editor probe); SKL207 says
      // so now; as a UTF-16 file, its text is empty to the other rules (an anchor in it is not found).
      markdownFiles.push({ path: f.path, source: "", binary: true })
    }
  }
  // The evaluation files, for SKL701 (issue 27): JSON, so outside the markdown scope.
  const evalFiles: Array<MarkdownFile> = []
  for (const f of tree.files) {
    if (!EVAL_FILES.includes(f.path)) continue
    const bytes = yield* fs.readFile(path.join(tree.canonicalRoot, ...f.path.split("/"))).pipe(Effect.mapError(readFailure))
    // SKL701 says where a file stops being UTF-8, as `skc eval` refuses it.
    const invalidUtf8 = firstInvalidUtf8(bytes)
    evalFiles.push({ path: f.path, source: utf8.decode(bytes), ...(invalidUtf8 === undefined ? {} : { invalidUtf8 }) })
  }
  // Agents' metadata files beside SKILL.md (Codex's agents/openai.yaml), for SKL606; a larger one is left unread (`source` null).
  const metadataFiles: Array<MetadataFile> = []
  for (const f of tree.files) {
    if (f.path !== CODEX_METADATA_FILE) continue
    const file = path.join(tree.canonicalRoot, ...f.path.split("/"))
    const info = yield* fs.statOption(file).pipe(Effect.mapError(readFailure))
    if (info !== undefined && info.size > CODEX_METADATA_MAX_BYTES) {
      metadataFiles.push({ path: f.path, source: null })
      continue
    }
    const bytes = yield* fs.readFile(file).pipe(Effect.mapError(readFailure))
    metadataFiles.push({ path: f.path, source: utf8.decode(bytes) })
  }
  return { entries, markdownFiles, evalFiles, metadataFiles }
})
