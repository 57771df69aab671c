/**
 * Build a `SkillSnapshot` from what the app layer read: the directory's
 * entries and the text of the markdown files in scope. Markdown is parsed on
 * first use and memoised, so every rule shares one parse per file.
 */
import { parseLintAst } from "../markdown/lintAst.js"
import { parseFrontmatterLines } from "../markdown/frontmatter.js"
import { splitLines } from "../markdown/lines.js"
import { nulLine, nulMessage } from "../markdown/nul.js"
import type { MarkdownAst } from "../markdown/model.js"
import { normalizePath } from "./paths.js"
import { DEFAULT_PROFILE, profileOf } from "../agents/index.js"
import type { AgentProfile } from "../agents/profile.js"
import type { MarkdownFile, MetadataFile, SkillEntry, SkillSnapshot } from "./types.js"

/** RFC-0008:C-SCOPE: `.md` files not hidden and not under a hidden directory. */
export const inLintScope = (path: string): boolean =>
  path.toLowerCase().endsWith(".md") && !path.split("/").some((seg) => seg.startsWith("."))

/** A walked skill directory as lint's entries: its directories, its files, and the symlinks leading out of it. */
export const treeEntries = (tree: {
  readonly dirs: ReadonlyArray<string>
  readonly files: ReadonlyArray<{ readonly path: string }>
  readonly escaping: ReadonlyArray<string>
}): Array<SkillEntry> => [
  ...tree.dirs.map((p): SkillEntry => ({ path: p, type: "directory" })),
  ...tree.files.map((f): SkillEntry => ({ path: f.path, type: "file" })),
  ...tree.escaping.map((p): SkillEntry => ({ path: p, type: "file", escapes: true }))
]

/**
 * Parses kept between snapshots of one skill (`skc lsp`): a file whose text
 * is unchanged is not parsed again. Parsing is most of a lint (about 1 s a
 * MB), so without it every keystroke in SKILL.md re-parsed a skill's large
 * reference files too. Keyed by path; an entry holds the text it parsed.
 */
export type ParseCache = Map<string, { readonly source: string; readonly ast: MarkdownAst }>

export const makeSnapshot = (input: {
  readonly dirName: string
  readonly entries: ReadonlyArray<SkillEntry>
  readonly markdownFiles: ReadonlyArray<MarkdownFile>
  readonly evalFiles?: ReadonlyArray<MarkdownFile>
  readonly metadataFiles?: ReadonlyArray<MetadataFile>
  /** The active agent profiles (DECISIONS #51); default: `claude`. */
  readonly profiles?: ReadonlyArray<AgentProfile>
  readonly parseCache?: ParseCache
}): SkillSnapshot => {
  const byPath = new Map(input.entries.map((e) => [e.path, e]))
  const sources = new Map(input.markdownFiles.map((f) => [f.path, f.source]))
  const parsed = new Map<string, MarkdownAst>()
  const cache = input.parseCache
  // Files gone from the skill (or out of scope) leave the cache with their parse.
  if (cache !== undefined) for (const path of [...cache.keys()]) if (!sources.has(path)) cache.delete(path)
  for (const [path, kept] of cache ?? []) if (kept.source === sources.get(path)) parsed.set(path, kept.ast)
  const skillMd = sources.get("SKILL.md")
  // A NUL byte anywhere: SKL100 refuses the file as build does (issue 29 item 5).
  const nul = skillMd === undefined ? undefined : nulLine(skillMd)
  const markdown = (path: string): MarkdownAst | undefined => {
    // A binary SKILL.md is refused whole (SKL100): no body rule reads links or headings out of its bytes.
    if (path === "SKILL.md" && nul !== undefined) return undefined
    let facts = parsed.get(path)
    if (facts === undefined) {
      const source = sources.get(path)
      if (source === undefined) return undefined
      facts = parseLintAst(source)
      parsed.set(path, facts)
      cache?.set(path, { source, ast: facts })
    }
    return facts
  }
  const files = [...input.markdownFiles].sort((a, b) =>
    a.path === "SKILL.md" ? -1 : b.path === "SKILL.md" ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0
  )
  return {
    dirName: input.dirName,
    entries: input.entries,
    markdownFiles: files,
    markdown,
    // Frontmatter alone is cheap; the full parse waits until a body rule asks.
    frontmatter:
      skillMd === undefined
        ? { _tag: "Absent" }
        : nul !== undefined
          ? { _tag: "Invalid", message: nulMessage(nul, skillMd), line: nul, raw: "", endLine: 0 }
          : (parsed.get("SKILL.md")?.frontmatter ?? parseFrontmatterLines(splitLines(skillMd))),
    lookup: (path) => byPath.get(normalizePath(path)),
    evalFiles: input.evalFiles ?? [],
    metadataFiles: input.metadataFiles ?? [],
    profiles: input.profiles !== undefined && input.profiles.length > 0 ? input.profiles : [profileOf(DEFAULT_PROFILE)]
  }
}
