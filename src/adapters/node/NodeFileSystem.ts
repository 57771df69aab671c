/**
 * FileSystem port on node:fs. Synchronous calls wrapped in Effect: a CLI
 * invocation does a handful of small operations, and the sync API avoids
 * promise and thread-pool overhead on the start-up path. Reads of files
 * above 1 MB go through the thread pool instead, so a long-lived server's
 * event loop never waits on one; reads take regular files only.
 */
import * as fs from "node:fs"
import { mkdirAll } from "./mkdirAll.js"
import { processAlive } from "./processAlive.js"
import * as nodePath from "node:path"
import { nodeCrypto } from "./lazyCrypto.js"
import { Effect, Layer } from "effect"
import { FileSystem, FsError, NOT_REGULAR, type EntryType, type FileInfo, type FileSystemService } from "../../ports/FileSystem.js"
import { LineHead, type LineHeadResult } from "../../domain/lineHead.js"

const toFsError = (op: string, path: string) => (e: unknown): FsError => {
  const err = e as NodeJS.ErrnoException
  return new FsError({ op, path, code: err?.code ?? "EUNKNOWN", message: err?.message ?? String(e) })
}

const attempt = <A>(op: string, path: string, f: () => A): Effect.Effect<A, FsError> =>
  Effect.try({ try: f, catch: toFsError(op, path) })

const typeOf = (s: fs.Stats | fs.Dirent): EntryType =>
  s.isSymbolicLink() ? "symlink" : s.isDirectory() ? "directory" : s.isFile() ? "file" : "other"

/**
 * A file replaced by `writeFileAtomic` keeps its permission bits, and, when root replaces it, its owner: the
 * new file took the umask's mode and the writer's owner (a probe of `skc lint --fix`: an executable SKILL.md
 * lost its x bit, a 0600 one became world-readable, a user's file became root's).
 */
const keepModeAndOwner = (p: string, tmp: string): void => {
  let st: fs.Stats
  try {
    st = fs.statSync(p)
  } catch {
    return // a new file: the umask's mode, as any file this process makes
  }
  // The owner first: a chown clears the set-id bits the chmod then gives back.
  if (process.getuid?.() === 0 && (st.uid !== 0 || st.gid !== 0)) {
    try {
      fs.chownSync(tmp, st.uid, st.gid)
    } catch {
      // Recovery: an owner this system cannot give (a network file system): the content is what matters.
    }
  }
  fs.chmodSync(tmp, st.mode & 0o7777)
}

const info = (s: fs.Stats): FileInfo => ({
  type: typeOf(s),
  size: s.size,
  mtimeMs: s.mtimeMs,
  identity: `${s.dev}:${s.ino}`,
  uid: s.uid,
  ctimeMs: s.ctimeMs,
  mode: s.mode & 0o7777
})

/**
 * Nothing can be there (the port's `isNotFound`): absent, under a non-directory, a name longer than the file
 * system allows (a skill name of 256 letters probed as a path), or a symbolic link that loops (a SKILL.md
 * linked to itself stopped `skc lint` of the whole store with E999).
 */
const missing = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException)?.code
  return code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG" || code === "ELOOP"
}

/**
 * The temporary files `writeFileAtomic` writers of `p` left when they were killed between their write and
 * their rename (`.<name>.<pid>.<hex>.tmp`): removed once their process is gone. Without it each killed
 * `skc approve` left one beside `approvals.json` for good. A file of a live process (another writer of the
 * same file, now) is left alone; a pid reused by another process keeps its file until that one ends.
 */
const sweepDeadWriters = (p: string): void => {
  const dir = nodePath.dirname(p)
  const prefix = `.${nodePath.basename(p)}.`
  let names: ReadonlyArray<string>
  try {
    names = fs.readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue
    const m = /^(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name.slice(prefix.length))
    if (m === null) continue
    const pid = Number(m[1])
    if (pid === process.pid || processAlive(pid)) continue
    try {
      fs.rmSync(nodePath.join(dir, name), { force: true })
    } catch {
      // Recovery: a file that cannot be removed now is tried again at the next write.
    }
  }
}

/** Above this size a file is read off the event loop (the MCP server keeps answering while it is read). */
const SYNC_READ_MAX = 1 << 20
/** The piece `readHead` reads at a time. */
const PIECE = 64 * 1024

const kindOf = (s: fs.Stats) =>
  s.isFIFO() ? "a FIFO" : s.isCharacterDevice() ? "a character device" : s.isBlockDevice() ? "a block device" : s.isSocket() ? "a socket" : "not a file"

/**
 * Open `p` for reading, regular files only (issue 29 item 1). O_NONBLOCK
 * makes open(2) of a FIFO return at once instead of waiting for a writer;
 * `fstat` on the descriptor then says what was opened, so a path swapped
 * between a check and the open cannot slip a FIFO or a device through.
 */
const openRegular = (p: string): { readonly fd: number; readonly size: number } => {
  const fd = fs.openSync(p, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)
  try {
    const st = fs.fstatSync(fd)
    if (st.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${p}'`), { code: "EISDIR" })
    if (!st.isFile()) throw Object.assign(new Error(`'${p}' is ${kindOf(st)}, not a regular file`), { code: NOT_REGULAR })
    return { fd, size: st.size }
  } catch (e) {
    fs.closeSync(fd)
    throw e
  }
}

/** `buf` with room after its first `n` bytes: doubled (and copied) when full. */
const withRoom = (buf: Buffer, n: number): Buffer => {
  if (n < buf.length) return buf
  const bigger = Buffer.allocUnsafe(buf.length * 2)
  buf.copy(bigger, 0, 0, n)
  return bigger
}

/** Every byte of `fd` up to its end (the size is a hint: /proc files say 0, a growing file says less). */
const readAllSync = (fd: number, size: number): Buffer => {
  // One byte over the size, so the read that finds the end has room and a file of the stated size is never copied into a doubled buffer (issue 44).
  let buf: Buffer = Buffer.allocUnsafe(size + 1)
  for (let n = 0; ; ) {
    buf = withRoom(buf, n)
    const r = fs.readSync(fd, buf, n, buf.length - n, null)
    if (r === 0) return buf.subarray(0, n)
    n += r
  }
}

/** One read on the thread pool. */
const readAsync = (fd: number, buf: Buffer, at: number, length: number) =>
  new Promise<number>((resolve, reject) => fs.read(fd, buf, at, length, null, (e, n) => (e ? reject(e) : resolve(n))))

/** The same as `readAllSync`, each read on the thread pool. */
const readAllAsync = async (fd: number, size: number): Promise<Buffer> => {
  // One byte over the size, so the read that finds the end has room and a file of the stated size is never copied into a doubled buffer (issue 44).
  let buf: Buffer = Buffer.allocUnsafe(size + 1)
  for (let n = 0; ; ) {
    buf = withRoom(buf, n)
    const r = await readAsync(fd, buf, n, buf.length - n)
    if (r === 0) return buf.subarray(0, n)
    n += r
  }
}

const asBytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)

/**
 * Read the regular file `p` with `sync` when it is small (the CLI's fast
 * path), else with `async` on the thread pool (a long-lived server's event
 * loop never waits on a large read); the descriptor is closed either way.
 */
const withRegular = <A>(
  p: string,
  sync: (fd: number, size: number) => A,
  async: (fd: number, size: number) => Promise<A>
): Effect.Effect<A, FsError> =>
  Effect.suspend(() => {
    let opened: { readonly fd: number; readonly size: number }
    try {
      opened = openRegular(p)
    } catch (e) {
      return Effect.fail(toFsError("read", p)(e))
    }
    const { fd, size } = opened
    if (size <= SYNC_READ_MAX) {
      try {
        return Effect.succeed(sync(fd, size))
      } catch (e) {
        return Effect.fail(toFsError("read", p)(e))
      } finally {
        fs.closeSync(fd)
      }
    }
    return Effect.tryPromise({ try: () => async(fd, size), catch: toFsError("read", p) }).pipe(Effect.ensuring(Effect.sync(() => fs.closeSync(fd))))
  })

/** A whole regular file. */
const readRegular = (p: string): Effect.Effect<Buffer, FsError> => withRegular(p, readAllSync, readAllAsync)

/** Bytes hashed per read by `hashFile`. */
const HASH_PIECE = 1 << 20

/** SHA-256 hex of `fd`'s bytes, read a piece at a time (memory bounded whatever the size). */
const hashSync = (fd: number): string => {
  const hash = nodeCrypto().createHash("sha256")
  const buf = Buffer.allocUnsafe(HASH_PIECE)
  for (let r; (r = fs.readSync(fd, buf, 0, HASH_PIECE, null)) > 0; ) hash.update(buf.subarray(0, r))
  return hash.digest("hex")
}

/** The same, each read on the thread pool. */
const hashAsync = async (fd: number): Promise<string> => {
  const hash = nodeCrypto().createHash("sha256")
  const buf = Buffer.allocUnsafe(HASH_PIECE)
  for (let r; (r = await readAsync(fd, buf, 0, HASH_PIECE)) > 0; ) hash.update(buf.subarray(0, r))
  return hash.digest("hex")
}

/** The head of a regular file in 64 KB pieces: memory bounded by the head, whatever the file's size. */
const readHead = (p: string, maxLines: number): Effect.Effect<LineHeadResult, FsError> => {
  const head = new LineHead(maxLines)
  const buf = Buffer.allocUnsafe(PIECE)
  return withRegular(
    p,
    (fd) => {
      for (let r; (r = fs.readSync(fd, buf, 0, PIECE, null)) > 0; ) head.push(buf.subarray(0, r))
      return head.finish()
    },
    async (fd) => {
      for (let r; (r = await readAsync(fd, buf, 0, PIECE)) > 0; ) head.push(buf.subarray(0, r))
      return head.finish()
    }
  )
}

export const nodeFileSystem: FileSystemService = {
  // A plain Uint8Array view over the Buffer's bytes: no copy (build reads
  // every byte of a skill once; copying 20 MB showed in profiles).
  readFile: (p) => Effect.map(readRegular(p), asBytes),
  readFileString: (p) => Effect.map(readRegular(p), (b) => b.toString("utf8")),
  readHead,
  hashFile: (p) => withRegular(p, (fd) => hashSync(fd), (fd) => hashAsync(fd)),
  readFiles: (paths) =>
    Effect.suspend(() => {
      // One Effect for the batch while every file is small (a build reads thousands); a large one is read off the loop.
      const out: Array<Uint8Array> = []
      for (let i = 0; i < paths.length; i++) {
        const p = paths[i]!
        let opened: { readonly fd: number; readonly size: number }
        try {
          opened = openRegular(p)
        } catch (e) {
          return Effect.fail(toFsError("read", p)(e))
        }
        if (opened.size > SYNC_READ_MAX) {
          fs.closeSync(opened.fd)
          const rest = paths.slice(i)
          return Effect.map(
            Effect.forEach(rest, (q) => Effect.map(readRegular(q), asBytes)),
            (tail) => [...out, ...tail]
          )
        }
        try {
          out.push(asBytes(readAllSync(opened.fd, opened.size)))
        } catch (e) {
          return Effect.fail(toFsError("read", p)(e))
        } finally {
          fs.closeSync(opened.fd)
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
        keepModeAndOwner(p, tmp)
        fs.renameSync(tmp, p)
        sweepDeadWriters(p)
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
  lstatMany: (paths) =>
    Effect.suspend(() => {
      const out: Array<FileInfo> = []
      for (const p of paths) {
        try {
          out.push(info(fs.lstatSync(p)))
        } catch (e) {
          return Effect.fail(toFsError("stat", p)(e))
        }
      }
      return Effect.succeed(out)
    }),
  statOption: (p) =>
    Effect.try({
      try: () => {
        try {
          // ENOENT without an exception (most probes find nothing: resolution, agent directories).
          const found = fs.statSync(p, { throwIfNoEntry: false })
          return found === undefined ? undefined : info(found)
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
          // ENOENT without an exception (most probes find nothing: resolution, agent directories).
          const found = fs.lstatSync(p, { throwIfNoEntry: false })
          return found === undefined ? undefined : info(found)
        } catch (e) {
          if (missing(e)) return undefined
          throw e
        }
      },
      catch: toFsError("stat", p)
    }),
  readDir: (p) =>
    attempt("readdir", p, () => fs.readdirSync(p, { withFileTypes: true }).map((d) => ({ name: d.name, type: typeOf(d) }))),
  makeDirectory: (p, options) => attempt("mkdir", p, () => (options?.recursive === true ? void mkdirAll(p) : void fs.mkdirSync(p))),
  // One entry: unlink or rmdir, whose errors carry their code; Node 24's rmSync throws EROFS with an empty code.
  remove: (p, options) =>
    attempt("remove", p, () =>
      options?.recursive === true ? fs.rmSync(p, { recursive: true, force: false }) : fs.lstatSync(p).isDirectory() ? fs.rmdirSync(p) : fs.unlinkSync(p)
    ),
  rename: (from, to) => attempt("rename", from, () => fs.renameSync(from, to)),
  realPath: (p) => attempt("realpath", p, () => fs.realpathSync.native(p)),
  readLink: (p) => attempt("readlink", p, () => fs.readlinkSync(p)),
  symlink: (target, p, type) => attempt("symlink", p, () => fs.symlinkSync(target, p, type)),
  copyFile: (from, to) => attempt("copy", from, () => fs.copyFileSync(from, to))
}

export const NodeFileSystemLive = Layer.succeed(FileSystem, nodeFileSystem)
