/**
 * FileSystem port on node:fs. Synchronous calls wrapped in Effect: a CLI
 * invocation does a handful of small operations, and the sync API avoids
 * promise and thread-pool overhead on the start-up path.
 */
import * as fs from "node:fs"
import * as nodePath from "node:path"
import { nodeCrypto } from "./lazyCrypto.js"
import { Effect, Layer } from "effect"
import { FileSystem, FsError, type EntryType, type FileInfo, type FileSystemService } from "../../ports/FileSystem.js"

const toFsError = (op: string, path: string) => (e: unknown): FsError => {
  const err = e as NodeJS.ErrnoException
  return new FsError({ op, path, code: err?.code ?? "EUNKNOWN", message: err?.message ?? String(e) })
}

const attempt = <A>(op: string, path: string, f: () => A): Effect.Effect<A, FsError> =>
  Effect.try({ try: f, catch: toFsError(op, path) })

const typeOf = (s: fs.Stats | fs.Dirent): EntryType =>
  s.isSymbolicLink() ? "symlink" : s.isDirectory() ? "directory" : s.isFile() ? "file" : "other"

const info = (s: fs.Stats): FileInfo => ({ type: typeOf(s), size: s.size, mtimeMs: s.mtimeMs })

const missing = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException)?.code
  return code === "ENOENT" || code === "ENOTDIR"
}

export const nodeFileSystem: FileSystemService = {
  // A plain Uint8Array view over the Buffer's bytes: no copy (build reads
  // every byte of a skill once; copying 20 MB showed in profiles).
  readFile: (p) =>
    attempt("read", p, () => {
      const b = fs.readFileSync(p)
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
    }),
  readFileString: (p) => attempt("read", p, () => fs.readFileSync(p, "utf8")),
  readFiles: (paths) =>
    Effect.suspend(() => {
      const out: Array<Uint8Array> = []
      for (const p of paths) {
        try {
          const b = fs.readFileSync(p)
          out.push(new Uint8Array(b.buffer, b.byteOffset, b.byteLength))
        } catch (e) {
          return Effect.fail(toFsError("read", p)(e))
        }
      }
      return Effect.succeed(out)
    }),
  writeFile: (p, data, options) =>
    attempt("write", p, () => fs.writeFileSync(p, data, { flag: options?.exclusive ? "wx" : "w" })),
  writeFileAtomic: (p, data) =>
    attempt("write", p, () => {
      const tmp = nodePath.join(nodePath.dirname(p), `.${nodePath.basename(p)}.${process.pid}.${nodeCrypto().randomBytes(4).toString("hex")}.tmp`)
      try {
        fs.writeFileSync(tmp, data)
        fs.renameSync(tmp, p)
      } catch (e) {
        try {
          fs.rmSync(tmp, { force: true })
        } catch {
          // the original failure is the one worth reporting
        }
        throw e
      }
    }),
  stat: (p) => attempt("stat", p, () => info(fs.statSync(p))),
  lstat: (p) => attempt("stat", p, () => info(fs.lstatSync(p))),
  statOption: (p) =>
    Effect.try({
      try: () => {
        try {
          return info(fs.statSync(p))
        } catch (e) {
          if (missing(e)) return undefined
          throw e
        }
      },
      catch: toFsError("stat", p)
    }),
  lstatOption: (p) =>
    Effect.try({
      try: () => {
        try {
          return info(fs.lstatSync(p))
        } catch (e) {
          if (missing(e)) return undefined
          throw e
        }
      },
      catch: toFsError("stat", p)
    }),
  readDir: (p) =>
    attempt("readdir", p, () => fs.readdirSync(p, { withFileTypes: true }).map((d) => ({ name: d.name, type: typeOf(d) }))),
  makeDirectory: (p, options) => attempt("mkdir", p, () => void fs.mkdirSync(p, { recursive: options?.recursive ?? false })),
  remove: (p, options) => attempt("remove", p, () => fs.rmSync(p, { recursive: options?.recursive ?? false, force: false })),
  rename: (from, to) => attempt("rename", from, () => fs.renameSync(from, to)),
  realPath: (p) => attempt("realpath", p, () => fs.realpathSync.native(p)),
  readLink: (p) => attempt("readlink", p, () => fs.readlinkSync(p)),
  symlink: (target, p, type) => attempt("symlink", p, () => fs.symlinkSync(target, p, type)),
  copyFile: (from, to) => attempt("copy", from, () => fs.copyFileSync(from, to))
}

export const NodeFileSystemLive = Layer.succeed(FileSystem, nodeFileSystem)
