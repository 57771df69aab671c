/**
 * Validating a user-given path inside a skill (RFC-0002:C-OPEN, C-SOURCES,
 * C-SHOW `--file` path safety; DECISIONS #28; issue 19). The ONE function
 * every command and tool uses (CLI `open`, `show --file`, `sources --dir`,
 * the MCP tools and `resources/read`):
 *
 * - lexically (`checkSkillPath`): normalised, absolute paths, `..` above the
 *   root and VCS directories (`.git/`, `.jj/`, `.hg/`, `.svn/`) are E012; a
 *   NUL byte is a plain usage error saying so;
 * - on disk: after canonicalisation (symlinks resolved) the target must still
 *   be inside the canonical root and outside its VCS directories, else E012.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { InternalError, InvalidOption, PathEscapes } from "../../domain/errors.js"
import { checkSkillPath, throughVcsDir } from "../../domain/sourcePaths.js"
import { FileSystem, type FileInfo, unseenAs } from "../../ports/FileSystem.js"
import { isWithin } from "../shared/index.js"
import { sameUnicodeText } from "../../domain/unicodeForm.js"
import { isAscii } from "../../domain/ascii.js"

export interface InsidePath {
  /** Normalised relative POSIX path ("" for the root itself). */
  readonly rel: string
  readonly abs: string
  /** `undefined` when nothing exists there. */
  readonly info: FileInfo | undefined
  /** The path was written with a trailing `/` (`SKILL.md/` names no file). */
  readonly trailingSlash: boolean
}

/** A printable form of a path holding control characters (a NUL byte shows as \0). */
const printable = (s: string) => JSON.stringify(s).slice(1, -1)

/**
 * The lexical half of the rule: the normalised relative path, or E012 for an
 * absolute path, `..` above the root or a VCS directory, and a plain usage
 * error for a NUL byte. Enough alone where only the walked tree is read
 * (`outline --file`).
 */
export const checkInside = (given: string) => {
  const checked = checkSkillPath(given)
  if (checked._tag === "NulByte") {
    // E100 (RFC-0005: every diagnostic has its code; a value no command line can carry is an invalid argument).
    return Effect.fail(new InvalidOption({ message: `invalid path '${printable(given)}': a path cannot contain a NUL byte` }))
  }
  return checked._tag === "Outside" ? Effect.fail(new PathEscapes({ path: given, ...(checked.vcs === undefined ? {} : { vcs: checked.vcs }) })) : Effect.succeed(checked)
}

/**
 * The relative path `rel` as it is on disk when it is there only in the other Unicode form (NFC against
 * NFD), one segment at a time, each the one entry of its directory spelling the same letters; undefined
 * when `rel` is ASCII, or a segment has no such entry or more than one.
 */
const unicodeTwin = Effect.fnUntraced(function* (root: string, rel: string) {
  if (isAscii(rel)) return undefined
  const fs = yield* FileSystem
  const path = yield* Path
  const found: Array<string> = []
  let dir = root
  for (const segment of rel.split("/")) {
    let chosen = segment
    if ((yield* fs.lstatOption(path.join(dir, segment)).pipe(unseenAs(undefined))) === undefined) {
      const twins = (yield* fs.readDir(dir).pipe(unseenAs([]))).filter((e) => sameUnicodeText(e.name, segment))
      if (twins.length !== 1) return undefined
      chosen = twins[0]!.name
    }
    found.push(chosen)
    dir = path.join(dir, chosen)
  }
  const twin = found.join("/")
  return twin === rel ? undefined : twin
})

/**
 * An absolute `given` that is inside the skill at `canonicalRoot` (as written, or once its links are
 * resolved): the path relative to the root, POSIX-style; undefined otherwise (or for the root itself).
 */
const insideAsRelative = Effect.fnUntraced(function* (canonicalRoot: string, given: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  // Where it leads once its links are resolved (as written, when nothing is there): a path through a link that
  // leaves the skill is refused as relative too, so it is never the one suggested.
  const real = yield* fs.realPath(given).pipe(unseenAs(path.resolve(given)))
  if (real === canonicalRoot || !isWithin(canonicalRoot, real, path.sep)) return undefined
  const rel = path.relative(canonicalRoot, real).split(path.sep).join("/")
  return checkSkillPath(rel)._tag === "Outside" ? undefined : rel
})

export const resolveInside = Effect.fnUntraced(function* (root: string, given: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const canonicalRoot = yield* fs.realPath(root).pipe(
    Effect.mapError((e) => new InternalError({ message: `realpath '${root}': ${e.code}`, cause: e }))
  )
  // An absolute path is refused (DECISIONS #28); one naming a file of this skill is refused with the path to give.
  if (path.isAbsolute(given) && checkSkillPath(given)._tag === "Outside") {
    const relative = yield* insideAsRelative(canonicalRoot, given)
    if (relative !== undefined) return yield* Effect.fail(new PathEscapes({ path: given, relative }))
  }
  const checked = yield* checkInside(given)
  const asked = checked.rel === "" ? canonicalRoot : path.join(canonicalRoot, ...checked.rel.split("/"))
  const escapes = (p: string) =>
    !isWithin(canonicalRoot, p, path.sep) || throughVcsDir(path.relative(canonicalRoot, p).split(path.sep).join("/"))
  const askedInfo = yield* fs.statOption(asked).pipe(unseenAs(undefined))
  // Nothing at the path as typed: the same path in the other Unicode form (`café.md` typed composed, saved
  // decomposed) is the file meant; E021 said "not found … did you mean 'café.md'?", a name that looks identical.
  const twin = askedInfo === undefined ? yield* unicodeTwin(canonicalRoot, checked.rel) : undefined
  const rel = twin ?? checked.rel
  const abs = twin === undefined ? asked : path.join(canonicalRoot, ...twin.split("/"))
  const info = twin === undefined ? askedInfo : yield* fs.statOption(abs).pipe(unseenAs(undefined))
  if (info !== undefined) {
    const real = yield* fs.realPath(abs).pipe(unseenAs(abs))
    if (escapes(real)) {
      // Inside the skill, but under `.git` (or `.jj`): said, since "escapes the skill root" is untrue of it.
      const within = isWithin(canonicalRoot, real, path.sep) ? path.relative(canonicalRoot, real).split(path.sep) : undefined
      const vcs = within?.find((s) => throughVcsDir(s))
      return yield* Effect.fail(new PathEscapes({ path: given, ...(vcs === undefined ? {} : { vcs }) }))
    }
  } else {
    // Nothing there, or a dangling/looping link: a link pointing out is still an escape.
    const link = yield* fs.lstatOption(abs).pipe(unseenAs(undefined))
    if (link?.type === "symlink") {
      const target = yield* fs.readLink(abs).pipe(unseenAs(""))
      if (escapes(path.resolve(path.dirname(abs), target))) return yield* Effect.fail(new PathEscapes({ path: given }))
    }
  }
  const result: InsidePath = { rel, abs, info, trailingSlash: checked.trailingSlash }
  return result
})
