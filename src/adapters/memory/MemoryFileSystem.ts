/**
 * An in-memory FileSystem for fast app tests and for embedders who want to
 * run use cases on virtual trees. POSIX paths only; symlinks are supported
 * (resolved on access, ELOOP after 32 hops) so path-safety logic can be
 * tested without a disk.
 */
import { createHash } from "node:crypto"
import { Effect, Layer } from "effect"
import { FileSystem, FsError, isNotFound, type FileInfo, type FileSystemService } from "../../ports/FileSystem.js"
import { lineHeadOf } from "../../domain/lineHead.js"
import { absolutePosix } from "../../domain/posixPath.js"

type Node =
  | { readonly kind: "file"; data: Uint8Array; mtimeMs: number }
  | { readonly kind: "dir"; mtimeMs: number }
  | { readonly kind: "symlink"; target: string; mtimeMs: number }

const norm = absolutePosix
const dirname = (p: string): string => {
  const n = norm(p)
  const i = n.lastIndexOf("/")
  return i <= 0 ? "/" : n.slice(0, i)
}
const enc = new TextEncoder()
const dec = new TextDecoder()

export interface MemoryFileSystem extends FileSystemService {
  /** Test helper: create files (and parent directories) from a map of path → text. */
  readonly seed: (files: Readonly<Record<string, string | Uint8Array>>) => void
  /** Test helper: mark a directory read-only (writes below it fail with EROFS). */
  readonly setReadOnly: (path: string) => void
  /**
   * Test helper: the disk below a directory is full. As on a real full disk, a file is created and then
   * its write fails (ENOSPC), leaving it empty; directories and links, which take no data blocks, are made.
   */
  readonly setFull: (path: string, full: boolean) => void
  readonly setMtime: (path: string, mtimeMs: number) => void
}

export const makeMemoryFileSystem = (now: () => number = () => Date.now()): MemoryFileSystem => {
  const nodes = new Map<string, Node>([["/", { kind: "dir", mtimeMs: now() }]])
  const readOnly = new Set<string>()
  const full = new Set<string>()

  const fail = (op: string, path: string, code: string) =>
    new FsError({ op, path, code, message: `${code}: ${op} '${path}'` })

  /** Resolve symlinks in every segment; `followLast` decides the final one. */
  const resolve = (p: string, followLast: boolean, hops = 0): string => {
    if (hops > 32) throw fail("resolve", p, "ELOOP")
    const segs = norm(p).split("/").filter(Boolean)
    let cur = "/"
    for (let i = 0; i < segs.length; i++) {
      const next = norm(cur + "/" + segs[i])
      const node = nodes.get(next)
      const last = i === segs.length - 1
      if (node?.kind === "symlink" && (!last || followLast)) {
        const target = node.target.startsWith("/") ? node.target : cur + "/" + node.target
        cur = resolve(target, true, hops + 1)
      } else {
        if (!last && node !== undefined && node.kind !== "dir") throw fail("resolve", p, "ENOTDIR")
        cur = next
      }
    }
    return cur
  }

  /** Whether a directory above `p` is in `marked` (read-only, full). */
  const below = (marked: ReadonlySet<string>, p: string): boolean => {
    for (let d = dirname(p); ; d = dirname(d)) {
      if (marked.has(d)) return true
      if (d === "/") return false
    }
  }

  const writable = (p: string, op: string) => {
    if (below(readOnly, p)) throw fail(op, p, "EROFS")
  }

  const isFull = (p: string) => below(full, p)

  const guard = <A>(op: string, path: string, f: () => A): Effect.Effect<A, FsError> =>
    Effect.try({
      try: f,
      catch: (e) => (e instanceof FsError ? e : fail(op, path, "EIO"))
    })

  const infoOf = (n: Node): FileInfo => ({
    type: n.kind === "dir" ? "directory" : n.kind === "file" ? "file" : "symlink",
    size: n.kind === "file" ? n.data.byteLength : 0,
    mtimeMs: n.mtimeMs
  })

  const get = (p: string, op: string, follow = true): Node => {
    const r = resolve(p, follow)
    const n = nodes.get(r)
    if (n === undefined) throw fail(op, p, "ENOENT")
    return n
  }

  const mkdirp = (p: string) => {
    const r = resolve(p, true)
    if (nodes.has(r)) {
      if (nodes.get(r)!.kind !== "dir") throw fail("mkdir", p, "EEXIST")
      return
    }
    mkdirp(dirname(r))
    writable(r, "mkdir")
    nodes.set(r, { kind: "dir", mtimeMs: now() })
  }

  const write = (p: string, data: string | Uint8Array, exclusive = false) => {
    const r = resolve(p, true)
    const parent = nodes.get(dirname(r))
    if (parent === undefined) throw fail("write", p, "ENOENT")
    if (parent.kind !== "dir") throw fail("write", p, "ENOTDIR")
    writable(r, "write")
    const existing = nodes.get(r)
    if (existing?.kind === "dir") throw fail("write", p, "EISDIR")
    if (exclusive && existing !== undefined) throw fail("write", p, "EEXIST")
    const bytes = typeof data === "string" ? enc.encode(data) : data
    if (isFull(r) && bytes.byteLength > 0) {
      nodes.set(r, { kind: "file", data: new Uint8Array(0), mtimeMs: now() })
      throw fail("write", p, "ENOSPC")
    }
    nodes.set(r, { kind: "file", data: bytes, mtimeMs: now() })
  }

  const children = (dir: string) => {
    const prefix = dir === "/" ? "/" : dir + "/"
    return [...nodes.keys()].filter((k) => k !== dir && k.startsWith(prefix) && !k.slice(prefix.length).includes("/"))
  }

  const fsService: MemoryFileSystem = {
    readFile: (p) =>
      guard("read", p, () => {
        const n = get(p, "read")
        if (n.kind !== "file") throw fail("read", p, "EISDIR")
        return n.data
      }),
    readFiles: (paths) => Effect.forEach(paths, (p) => fsService.readFile(p)),
    hashFile: (p) => Effect.map(fsService.readFile(p), (bytes) => createHash("sha256").update(bytes).digest("hex")),
    readHead: (p, maxLines) => Effect.map(fsService.readFile(p), (bytes) => lineHeadOf(bytes, maxLines)),
    readFileString: (p) =>
      guard("read", p, () => {
        const n = get(p, "read")
        if (n.kind !== "file") throw fail("read", p, "EISDIR")
        return dec.decode(n.data)
      }),
    writeFile: (p, data, options) => guard("write", p, () => write(p, data, options?.exclusive ?? false)),
    writeFileAtomic: (p, data) =>
      guard("write", p, () => {
        // Through a temporary file and a rename, as on disk: a write that fails leaves the file as it was.
        if (isFull(resolve(p, true)) && (typeof data === "string" ? data.length : data.byteLength) > 0) throw fail("write", p, "ENOSPC")
        write(p, data)
      }),
    stat: (p) => guard("stat", p, () => infoOf(get(p, "stat", true))),
    lstat: (p) => guard("stat", p, () => infoOf(get(p, "stat", false))),
    lstatMany: (paths) => Effect.forEach(paths, (p) => fsService.lstat(p)),
    statOption: (p) =>
      guard("stat", p, () => {
        try {
          return infoOf(get(p, "stat", true))
        } catch (e) {
          if (e instanceof FsError && isNotFound(e)) return undefined
          throw e
        }
      }),
    lstatOption: (p) =>
      guard("stat", p, () => {
        try {
          return infoOf(get(p, "stat", false))
        } catch (e) {
          if (e instanceof FsError && isNotFound(e)) return undefined
          throw e
        }
      }),
    readDir: (p) =>
      guard("readdir", p, () => {
        const r = resolve(p, true)
        const n = nodes.get(r)
        if (n === undefined) throw fail("readdir", p, "ENOENT")
        if (n.kind !== "dir") throw fail("readdir", p, "ENOTDIR")
        return children(r).map((k) => ({ name: k.slice(k.lastIndexOf("/") + 1), type: infoOf(nodes.get(k)!).type }))
      }),
    makeDirectory: (p, options) =>
      guard("mkdir", p, () => {
        if (options?.recursive) return mkdirp(p)
        const r = resolve(p, true)
        if (nodes.has(r)) throw fail("mkdir", p, "EEXIST")
        if (nodes.get(dirname(r))?.kind !== "dir") throw fail("mkdir", p, "ENOENT")
        writable(r, "mkdir")
        nodes.set(r, { kind: "dir", mtimeMs: now() })
      }),
    remove: (p, options) =>
      guard("remove", p, () => {
        const r = resolve(p, false)
        const n = nodes.get(r)
        if (n === undefined) throw fail("remove", p, "ENOENT")
        writable(r, "remove")
        if (n.kind === "dir") {
          const kids = [...nodes.keys()].filter((k) => k.startsWith(r + "/"))
          if (kids.length > 0 && !options?.recursive) throw fail("remove", p, "ENOTEMPTY")
          for (const k of kids) nodes.delete(k)
        }
        nodes.delete(r)
      }),
    rename: (from, to) =>
      guard("rename", from, () => {
        const a = resolve(from, false)
        const b = resolve(to, false)
        const moved = nodes.get(a)
        if (moved === undefined) throw fail("rename", from, "ENOENT")
        writable(a, "rename")
        writable(b, "rename")
        // POSIX rename(2): an entry at the destination is replaced whole, unless it is a directory with entries
        // (ENOTEMPTY) or of the other kind (a directory onto a non-directory: ENOTDIR; the reverse: EISDIR).
        const there = nodes.get(b)
        if (there !== undefined && a !== b) {
          if (moved.kind === "dir" && there.kind !== "dir") throw fail("rename", to, "ENOTDIR")
          if (moved.kind !== "dir" && there.kind === "dir") throw fail("rename", to, "EISDIR")
          if (there.kind === "dir" && children(b).length > 0) throw fail("rename", to, "ENOTEMPTY")
          nodes.delete(b)
        }
        for (const k of [...nodes.keys()]) {
          if (k === a || k.startsWith(a + "/")) {
            nodes.set(b + k.slice(a.length), nodes.get(k)!)
            nodes.delete(k)
          }
        }
      }),
    realPath: (p) =>
      guard("realpath", p, () => {
        const r = resolve(p, true)
        if (!nodes.has(r)) throw fail("realpath", p, "ENOENT")
        return r
      }),
    readLink: (p) =>
      guard("readlink", p, () => {
        const n = nodes.get(resolve(p, false))
        if (n?.kind !== "symlink") throw fail("readlink", p, "EINVAL")
        return n.target
      }),
    symlink: (target, p) =>
      guard("symlink", p, () => {
        const r = resolve(p, false)
        if (nodes.has(r)) throw fail("symlink", p, "EEXIST")
        writable(r, "symlink")
        nodes.set(r, { kind: "symlink", target, mtimeMs: now() })
      }),
    copyFile: (from, to) =>
      guard("copy", from, () => {
        const n = get(from, "copy")
        if (n.kind !== "file") throw fail("copy", from, "EISDIR")
        write(to, new Uint8Array(n.data))
      }),
    seed: (files) => {
      for (const [p, data] of Object.entries(files)) {
        mkdirp(dirname(p))
        write(p, data)
      }
    },
    setReadOnly: (p) => void readOnly.add(norm(p)),
    setFull: (p, isNowFull) => void (isNowFull ? full.add(norm(p)) : full.delete(norm(p))),
    setMtime: (p, mtimeMs) => {
      const n = nodes.get(resolve(p, false))
      if (n !== undefined) n.mtimeMs = mtimeMs
    }
  }
  return fsService
}

export const MemoryFileSystemLayer = (fs: MemoryFileSystem) => Layer.succeed(FileSystem, fs)
