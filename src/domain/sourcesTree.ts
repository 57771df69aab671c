/**
 * The `skc sources` listing as data (RFC-0002:C-SOURCES, DECISIONS #11,
 * #24, #25): a pre-order walk of the files below a directory, directories
 * before files at each level, bytewise order; `depth` collapses directories
 * at that depth into `dir/ (K files)`; `pattern` keeps files whose name
 * matches (directories stay when they hold a match); `limit` keeps the first
 * entries and counts the rest.
 */
import { visibleLines } from "./visible.js"
import picomatch from "picomatch"
import { compareBytewise } from "./sourcePaths.js"

export interface SourcesEntry {
  /** Relative to the skill root. */
  readonly path: string
  readonly type: "file" | "dir"
  /** 1 for the entries directly below the listed directory. */
  readonly depth: number
  /** Last among its siblings (for the `└── ` glyph). */
  readonly last: boolean
  /** Set on a directory collapsed by `depth`: files below it, recursively. */
  readonly file_count?: number
}

export interface SourcesLayout {
  readonly entries: ReadonlyArray<SourcesEntry>
  /** Entries left out by `limit`, and the depth the first of them had. */
  readonly more: { readonly count: number; readonly depth: number } | null
}

export interface SourcesOptions {
  /** Relative directory to list ("" for the root). */
  readonly dir: string
  readonly depth?: number | undefined
  readonly limit: number
  readonly pattern?: string | undefined
}

interface DirNode {
  readonly path: string
  readonly dirs: Map<string, DirNode>
  readonly files: Array<string>
}

const node = (path: string): DirNode => ({ path, dirs: new Map(), files: [] })

/**
 * A glob on file names (DECISIONS #25). A pattern with a `/` is matched
 * against the path relative to the skill root instead.
 */
export const fileMatcher = (pattern: string | undefined): ((relPath: string) => boolean) => {
  if (pattern === undefined || pattern === "") return () => true
  const isMatch = picomatch(pattern, { dot: true })
  return pattern.includes("/") ? (p) => isMatch(p) : (p) => isMatch(p.slice(p.lastIndexOf("/") + 1))
}

export const layoutSources = (
  files: ReadonlyArray<string>,
  dirs: ReadonlyArray<string>,
  options: SourcesOptions
): SourcesLayout => {
  const prefix = options.dir === "" ? "" : options.dir + "/"
  const matches = fileMatcher(options.pattern)
  const filtering = options.pattern !== undefined && options.pattern !== ""
  const root = node(options.dir)
  const dirNode = (rel: string): DirNode => {
    let cur = root
    for (const seg of rel.split("/")) {
      let next = cur.dirs.get(seg)
      if (next === undefined) {
        next = node(cur.path === "" ? seg : `${cur.path}/${seg}`)
        cur.dirs.set(seg, next)
      }
      cur = next
    }
    return cur
  }
  // Empty directories appear only when nothing is filtered.
  if (!filtering) for (const d of dirs) if (d.startsWith(prefix)) dirNode(d.slice(prefix.length))
  for (const f of files) {
    if (!f.startsWith(prefix) || !matches(f)) continue
    const rest = f.slice(prefix.length)
    const slash = rest.lastIndexOf("/")
    ;(slash === -1 ? root : dirNode(rest.slice(0, slash))).files.push(rest.slice(slash + 1))
  }

  const countFiles = (n: DirNode): number => {
    let c = n.files.length
    for (const d of n.dirs.values()) c += countFiles(d)
    return c
  }

  const all: Array<SourcesEntry> = []
  const walk = (n: DirNode, depth: number) => {
    const subdirs = [...n.dirs.keys()].sort(compareBytewise)
    const names = [...n.files].sort(compareBytewise)
    const total = subdirs.length + names.length
    let i = 0
    for (const name of subdirs) {
      const child = n.dirs.get(name)!
      const last = ++i === total
      const collapsed = options.depth !== undefined && depth >= options.depth
      all.push({ path: child.path, type: "dir", depth, last, ...(collapsed ? { file_count: countFiles(child) } : {}) })
      if (!collapsed) walk(child, depth + 1)
    }
    for (const name of names) {
      const last = ++i === total
      all.push({ path: n.path === "" ? name : `${n.path}/${name}`, type: "file", depth, last })
    }
  }
  walk(root, 1)
  if (all.length <= options.limit) return { entries: all, more: null }
  return { entries: all.slice(0, options.limit), more: { count: all.length - options.limit, depth: all[options.limit].depth } }
}

/** Tree text exactly in the glyphs of the RFC-0002 example (DECISIONS #24). */
export const renderSourcesTree = (rootLabel: string, layout: SourcesLayout): string => {
  const lines = [rootLabel.endsWith("/") ? rootLabel : rootLabel + "/"]
  const open: Array<boolean> = [] // open[d] = the entry at depth d+1 on the current path has siblings after it
  const prefixFor = (depth: number) => {
    let p = ""
    for (let d = 1; d < depth; d++) p += open[d - 1] ? "│   " : "    "
    return p
  }
  for (const e of layout.entries) {
    const name = e.path.slice(e.path.lastIndexOf("/") + 1)
    const label = e.type === "dir" ? `${name}/${e.file_count === undefined ? "" : ` (${e.file_count} ${e.file_count === 1 ? "file" : "files"})`}` : name
    lines.push(`${prefixFor(e.depth)}${e.last ? "└── " : "├── "}${label}`)
    open[e.depth - 1] = !e.last
    open.length = e.depth
  }
  if (layout.more !== null) lines.push(`${prefixFor(layout.more.depth)}└── ... (${layout.more.count} more)`)
  // File names come from the skill's folder: control characters shown escaped (src/domain/visible.ts).
  return visibleLines(lines) + "\n"
}
