/**
 * Which of a skill's own files a section of it names (docs/decisions.md P7).
 *
 * A published skill tells its agent to run `python scripts/fill_form.py`
 * "from this file's directory"; a skill skc built is deployed as a stub
 * whose directory holds only SKILL.md (RFC-0001:C-OUTPUT, C-STUB), so the
 * agent that read the section through `skc show` has no directory in which
 * that command works. skc names the files a section mentions that exist in
 * the skill's sources and are not Markdown (Markdown is read through the
 * gateway: show, open), so `show` can say where they are. Pure: the caller
 * passes the skill's file list.
 */
import { findMentions } from "./references/mentions.js"
import { dirOf, normalize } from "./references/reach.js"
import { isMarkdownPath } from "./sourcePaths.js"

/**
 * Marks a `show` or `open` result whose skill skc deploys as a stub (a skill of its project or global
 * store, RFC-0001:C-STUB): only then does the note add that the deployed folder holds the stub alone.
 * A skill found in an agent directory and not built by skc (DECISIONS #38), or read by its path, is
 * read where it is, and there the note would have told the agent that the folder it loaded the skill
 * from lacked the files it had just been pointed to. A symbol key: it chooses the note's words and is
 * in neither the JSON document nor the MCP structured content (`JSON.stringify` skips symbol keys).
 */
export const DEPLOYED_AS_STUB: unique symbol = Symbol("skc.deployedAsStub")

/** The mark as a result's type holds it. */
export interface StubMark {
  readonly [DEPLOYED_AS_STUB]?: true
}

/** How many files one answer names: a section listing a whole folder still gets a short line. */
export const NAMED_FILES_MOST = 20

/**
 * How much of a text is looked through (256 KiB): a 16 MB file opened whole cost 0.6 s and 80 MB more
 * to scan to its end (every path-like word a mention object) for a note. The largest Markdown file of
 * the 17 published Anthropic skills is 141 KiB. With this prefix, `skc open` of that 16 MB file (a
 * path-like word in every three) takes about 0.1 s of CPU more than before the note existed, and of
 * a 15 MB file of plain words about the same as before (`/usr/bin/time`, against the bundle of the
 * commit before the note).
 */
export const NAMED_FILES_SCANNED_CHARS = 256 * 1024

/** One word of a section that may name a file: the path it names from the root, and beside the section's file. */
export interface PathWord {
  readonly beside: string | undefined
  readonly fromRoot: string | undefined
  /** A file name alone (no directory, not `${CLAUDE_SKILL_DIR}/…`): it may name the skill's one file of that name. */
  readonly bare?: true
}

/**
 * The words of `text` (a section of `file`) that may name a file, each as
 * the path it names from the skill's root (the Agent Skills specification's
 * "relative paths from the skill root") and beside `file` (a relative
 * link's meaning); empty when none does, and then the caller need not read
 * the skill's file list at all.
 */
export const pathWords = (text: string, file: string): ReadonlyArray<PathWord> => {
  const dir = dirOf(file)
  const words: Array<PathWord> = []
  const seen = new Set<string>()
  // The mentions lint and `load` resolve (references/mentions.ts: linear whatever the text holds); a bare word
  // named as a directory names no file.
  const scanned = text.length > NAMED_FILES_SCANNED_CHARS ? text.slice(0, NAMED_FILES_SCANNED_CHARS) : text
  for (const mention of findMentions(scanned)) {
    if (mention.directoryWord || seen.has(mention.text)) continue
    seen.add(mention.text)
    // findMentions already leaves out URLs, absolute and home paths; `..` above the root normalises to undefined.
    // `${CLAUDE_SKILL_DIR}/scripts/x.py` names a file from the skill's root alone.
    const fromRoot = normalize(mention.text)
    const beside = dir === "" || mention.rooted === true ? undefined : normalize(`${dir}/${mention.text}`)
    const bare = mention.rooted !== true && !mention.text.includes("/") && !mention.text.includes("\\")
    if ((fromRoot !== undefined && fromRoot !== "") || (beside !== undefined && beside !== "")) words.push({ fromRoot, beside, ...(bare ? { bare: true as const } : {}) })
  }
  for (const module of pythonImports(scanned)) {
    if (seen.has(module.path)) continue
    seen.add(module.path)
    words.push({ fromRoot: module.path, beside: undefined, ...(module.bare ? { bare: true as const } : {}) })
  }
  return words
}

/** A Python `import` or `from … import` line (an absolute import: a relative one's base is the importing file, not the section's). */
const PYTHON_IMPORT = /^[ \t>]*(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import[ \t]+\(?([\w \t,]+)|import[ \t]+([A-Za-z_][\w.]*(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*(?:[ \t]+as[ \t]+\w+)?)*))/gm

/**
 * The skill files a section's Python imports may name: `from core.gif_builder import GIFBuilder` names
 * `core/gif_builder.py` (or the package `core/gif_builder/__init__.py`), and a name it imports may be a
 * module of that package (`from core import frame_composer`: `core/frame_composer.py`). slack-gif-creator's
 * sections import its own `core` package so; the agent that read them through `skc show` was told of no
 * file, and its deployed folder holds the stub alone. A one-word module (`import helpers`) is a file name
 * alone (`bare`): the skill's one `helpers.py`, wherever it is. Standard modules name no file of a skill.
 */
const pythonImports = (text: string): ReadonlyArray<{ readonly path: string; readonly bare: boolean }> => {
  const out: Array<{ path: string; bare: boolean }> = []
  /** A dotted module as a path (`core.gif_builder` → `core/gif_builder`), its files pushed; undefined when malformed. */
  const moduleFiles = (dotted: string): string | undefined => {
    const parts = dotted.split(".")
    if (parts.some((p) => p === "")) return undefined
    const path = parts.join("/")
    out.push({ path: `${path}.py`, bare: parts.length === 1 }, { path: `${path}/__init__.py`, bare: false })
    return path
  }
  for (const m of text.matchAll(PYTHON_IMPORT)) {
    if (m[1] !== undefined) {
      const from = moduleFiles(m[1])
      for (const name of from === undefined ? [] : (m[2] ?? "").split(",")) {
        const imported = name.trim().split(/[ \t]+/)[0] ?? ""
        if (/^[A-Za-z_]\w*$/.test(imported)) out.push({ path: `${from}/${imported}.py`, bare: false })
      }
    } else if (m[3] !== undefined) {
      for (const part of m[3].split(",")) moduleFiles(part.trim().split(/[ \t]+/)[0] ?? "")
    }
  }
  return out
}

/**
 * Of `words` (from `pathWords` for a section of `file`), the skill's
 * non-Markdown files they name, as paths from the root, in the order first
 * named. `files` holds every file
 * of the skill by path from its root. At most `NAMED_FILES_MOST`; `more`
 * counts the rest.
 */
export const filesNamed = (
  words: ReadonlyArray<PathWord>,
  file: string,
  files: ReadonlySet<string>
): { readonly paths: ReadonlyArray<string>; readonly more: number } => {
  const found: Array<string> = []
  const seen = new Set<string>()
  let more = 0
  // A bare file name (no directory) that is no path from the root or beside the file: the skill's one file
  // of that name, when it has exactly one. A list under "**examples/**" names `console_logging.py` by itself,
  // and an agent that read the section had no path to run it by.
  let byName: Map<string, string | null> | undefined
  const onlyFileNamed = (name: string): string | undefined => {
    if (byName === undefined) {
      byName = new Map()
      for (const f of files) {
        const base = f.slice(f.lastIndexOf("/") + 1)
        byName.set(base, byName.has(base) ? null : f)
      }
    }
    return byName.get(name) ?? undefined
  }
  for (const { beside, fromRoot, bare } of words) {
    // From the root first, then beside the file: the order lint's and load's references resolve in (references/reach.ts).
    const path =
      fromRoot !== undefined && files.has(fromRoot)
        ? fromRoot
        : beside !== undefined && files.has(beside)
          ? beside
          : bare === true && fromRoot !== undefined
            ? onlyFileNamed(fromRoot)
            : undefined
    if (path === undefined || path === file || isMarkdownPath(path) || seen.has(path)) continue
    seen.add(path)
    if (found.length < NAMED_FILES_MOST) found.push(path)
    else more++
  }
  return { paths: found, more }
}
