/**
 * Compilation proper (RFC-0001:C-INPUT, C-STUB, C-SECTIONS, C-MANIFEST,
 * C-CONSTRAINTS): read the source once, hash every file, scan every `.md`
 * file with the one markdown model, render stub and manifest. Writing them
 * is `writeRuntime`; deployment is `deploy.ts`.
 *
 * `Compiled` keeps what the search index needs (the tree, each markdown
 * file's text and scan), so a build reads and parses the markdown once.
 */
import { Clock, Effect } from "effect"
import { Path } from "@effect/platform/Path"
import { InternalError, MissingFrontmatterField } from "../domain/errors.js"
import { scanMarkdown, type MarkdownDoc } from "../domain/markdown/model.js"
import { MANIFEST_FILE, MANIFEST_VERSION, META_DIR, renderManifest, SKILLC_VERSION, type Manifest } from "../domain/manifest.js"
import { isMarkdownPath, MAIN_DOC } from "../domain/sourcePaths.js"
import { renderStub, type StubReference } from "../domain/stub.js"
import { FileSystem, type FsError } from "../ports/FileSystem.js"
import { Hasher } from "../ports/Hasher.js"
import { Progress } from "../ports/Progress.js"
import type { ResolvedSkill } from "./resolve.js"
import { combineSourceHash, scanSourceTree, type SourceTree } from "./sourceTree.js"

export interface MarkdownFile {
  readonly path: string
  readonly source: string
  readonly doc: MarkdownDoc
}

export interface Compiled {
  readonly skill: ResolvedSkill
  readonly tree: SourceTree
  /** Every `.md` file, bytewise path order, parsed once. */
  readonly markdown: ReadonlyArray<MarkdownFile>
  /** SHA-256 of each file, keyed by relative path. */
  readonly fileHashes: ReadonlyMap<string, string>
  readonly sourceHash: string
  readonly totalBytes: number
  readonly name: string
  readonly description: string
  readonly stub: string
  readonly manifest: Manifest
}

const internal = (e: FsError) => new InternalError({ message: `${e.op} '${e.path}': ${e.code}`, cause: e })

const utf8 = new TextDecoder("utf-8")

/** A required frontmatter field as text, or undefined when missing or empty. */
const field = (data: Readonly<Record<string, unknown>>, key: string): string | undefined => {
  const v = data[key]
  if (typeof v === "string") return v.trim() === "" ? undefined : v
  if (typeof v === "number" || typeof v === "boolean") return String(v)
  return undefined
}

/** name and description of SKILL.md, or E011 (DECISIONS #16 for unparseable YAML). */
export const requiredFrontmatter = (doc: MarkdownDoc) => {
  const fm = doc.frontmatter
  if (fm._tag === "Invalid") {
    return Effect.fail(new MissingFrontmatterField({ field: "name", detail: [`${fm.message} (line ${fm.line})`] }))
  }
  const data = fm._tag === "Parsed" ? fm.data : {}
  const name = field(data, "name")
  if (name === undefined) return Effect.fail(new MissingFrontmatterField({ field: "name" }))
  const description = field(data, "description")
  if (description === undefined) return Effect.fail(new MissingFrontmatterField({ field: "description" }))
  return Effect.succeed({ name, description })
}

const referenceOf = (file: MarkdownFile): StubReference => {
  const h1 = file.doc.headings.find((h) => h.level === 1)
  const fm = file.doc.frontmatter
  const d = fm._tag === "Parsed" ? fm.data.description : undefined
  return { path: file.path, title: h1?.text, description: typeof d === "string" ? d : undefined }
}

/** Files read per FileSystem call during a build: small enough to bound memory, large enough to amortise the call. */
const READ_BATCH = 64

const chunks = <A>(items: ReadonlyArray<A>, size: number): Array<ReadonlyArray<A>> => {
  const out: Array<ReadonlyArray<A>> = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

export const compileSkill = (skill: ResolvedSkill) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const hasher = yield* Hasher
    const progress = yield* Progress
    const tree = yield* scanSourceTree(skill.sourceDir)

    const markdown: Array<MarkdownFile> = []
    const fileHashes = new Map<string, string>()
    const pairs: Array<readonly [string, string]> = []
    let totalBytes = 0
    progress.start(`Building ${skill.name}`, tree.files.length)
    // Files are read in batches (one Effect per batch, not per file: per-file
    // overhead is what a big skill would feel), hashed and parsed in order.
    let done = 0
    yield* Effect.forEach(
      chunks(tree.files, READ_BATCH),
      (batch) =>
        Effect.flatMap(fs.readFiles(batch.map((f) => path.join(tree.root, ...f.path.split("/")))), (contents) =>
          Effect.sync(() => {
            batch.forEach((f, i) => {
              const bytes = contents[i]!
              const hash = hasher.sha256Hex(bytes)
              fileHashes.set(f.path, hash)
              pairs.push([f.path, hash])
              totalBytes += bytes.byteLength
              if (isMarkdownPath(f.path)) {
                const source = utf8.decode(bytes)
                markdown.push({ path: f.path, source, doc: scanMarkdown(source) })
              }
              progress.update(++done)
            })
          })
        ),
      { discard: true }
    ).pipe(
      Effect.mapError(internal),
      Effect.ensuring(Effect.sync(() => progress.stop()))
    )

    const main = markdown.find((m) => m.path === MAIN_DOC)
    if (main === undefined) return yield* Effect.fail(new InternalError({ message: `SKILL.md of '${skill.name}' is not a file` }))
    const { name, description } = yield* requiredFrontmatter(main.doc)
    const sourceHash = yield* combineSourceHash(pairs)
    const stub = renderStub({
      name,
      description,
      skill: skill.name,
      main: main.doc.headings,
      references: markdown.filter((m) => m.path !== MAIN_DOC).map(referenceOf)
    })
    const builtAt = new Date(yield* Clock.currentTimeMillis).toISOString()
    const manifest: Manifest = {
      skill: skill.name,
      version: MANIFEST_VERSION,
      built_at: builtAt,
      source_hash: sourceHash,
      source_path: skill.canonicalSourceDir,
      // Builds resolve through the stores and paths only (DECISIONS #38).
      scope: skill.scope === "project" || skill.scope === "global" ? skill.scope : "path",
      skillc_version: SKILLC_VERSION,
      file_count: tree.files.length,
      markdown_count: markdown.length,
      total_bytes: totalBytes,
      name,
      description
    }
    const compiled: Compiled = { skill, tree, markdown, fileHashes, sourceHash, totalBytes, name, description, stub, manifest }
    return compiled
  })

/**
 * Write the stub and the manifest (RFC-0001:C-OUTPUT): the runtime directory
 * gets nothing else, no source content ever. Both files are replaced
 * atomically, so an agent never reads half a stub.
 */
export const writeRuntime = (runtimeDir: string, compiled: Compiled) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const meta = path.join(runtimeDir, META_DIR)
    yield* fs.makeDirectory(meta, { recursive: true }).pipe(Effect.mapError(internal))
    yield* fs.writeFileAtomic(path.join(runtimeDir, "SKILL.md"), compiled.stub).pipe(Effect.mapError(internal))
    yield* fs.writeFileAtomic(path.join(meta, MANIFEST_FILE), renderManifest(compiled.manifest)).pipe(Effect.mapError(internal))
  })
