/**
 * `skc sources` (RFC-0002:C-SOURCES, DECISIONS #11, #24, #25): the source
 * directory as a tree. `dir` is validated like `open` paths (E012 outside the
 * root, E022 when it is not a directory).
 */
import { Effect, Schema } from "effect"
import { directoryNotFound } from "./fileNotFound.js"
import { checkedGlob } from "../shared/index.js"
import { layoutSources, type SourcesLayout } from "../../domain/sourcesTree.js"
import { resolveCommandSkill } from "../skills/index.js"
import { resolveInside } from "../skills/index.js"
import { entryPointInside, scanSourceTree } from "../shared/index.js"

export const SourcesInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path" }),
  depth: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))).annotate({ description: "Maximum tree depth" }),
  dir: Schema.optional(Schema.String).annotate({ description: "Scope to subdirectory" }),
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))).annotate({ description: "Maximum entries (default 100)" }),
  pattern: Schema.optional(Schema.String).annotate({ description: "Glob on file names, e.g. *.md" })
})
export type SourcesInput = typeof SourcesInput.Type

export const DEFAULT_SOURCES_LIMIT = 100

/**
 * The listing with what the text tree needs (depths, collapsed counts, the
 * `... (N more)` count). Its DECISIONS #11 JSON form is `sourcesJson`.
 */
export interface SourcesResult extends SourcesLayout {
  readonly skill: string
  /** First line of the tree: `<skill>/` or `<dir>/`. */
  readonly root: string
  /** The entries asked for at most. */
  readonly limit: number
}

/**
 * The MCP structured content: DECISIONS #11's JSON array (`sourcesJson`,
 * what `--format json` prints) wrapped in an object, as MCP requires one.
 * Its Schema is the tool's `outputSchema` (issue 28).
 */
export const SourcesDocument = Schema.Struct({
  skill: Schema.String,
  entries: Schema.Array(
    Schema.Struct({
      path: Schema.String,
      type: Schema.Literals(["file", "dir"]),
      /** A directory collapsed by `depth`: the files below it, as the text's `dir/ (K files)` says. */
      file_count: Schema.optionalKey(Schema.Int)
    })
  ),
  /** Entries `limit` left out, as the text's `... (N more)` says, and how to see them (absent when none). */
  truncated: Schema.optionalKey(Schema.Struct({ omitted: Schema.Int, hint: Schema.String }))
})
export type SourcesDocument = typeof SourcesDocument.Type

/** DECISIONS #11's array: `path` and `type` only, as `--format json` prints it. */
export const sourcesJson = (r: SourcesResult): ReadonlyArray<{ readonly path: string; readonly type: "file" | "dir" }> =>
  r.entries.map((e) => ({ path: e.path, type: e.type }))

/**
 * The MCP structured content: DECISIONS #11's entries, plus (additive) what the text tree says beside them
 * and the array cannot hold: a collapsed directory's file count and the entries `limit` left out. Without
 * them an agent reading the structured answer of `limit: 1` took one directory for the whole listing (a probe).
 */
export const sourcesDocument = (r: SourcesResult): SourcesDocument => ({
  skill: r.skill,
  entries: r.entries.map((e) => ({ path: e.path, type: e.type, ...(e.file_count === undefined ? {} : { file_count: e.file_count }) })),
  ...(r.more === null
    ? {}
    : { truncated: { omitted: r.more.count, hint: `${r.more.count} more ${r.more.count === 1 ? "entry" : "entries"} past the limit of ${r.limit}: raise limit, or narrow with dir, depth or pattern` } })
})

export const sources = Effect.fn("skc.sources")(function* (input: SourcesInput) {
  const skill = yield* resolveCommandSkill(input.skill)
  let dir = ""
  if (input.dir !== undefined) {
    const target = yield* resolveInside(skill.sourceDir, input.dir)
    if (target.info?.type !== "directory") return yield* Effect.fail(yield* directoryNotFound(skill.sourceDir, input.dir, input.skill))
    dir = target.rel
  }
  // A glob picomatch refuses (one past its 65,536 characters) is the caller's option, as `list --pattern` says (E100).
  if (input.pattern !== undefined && input.pattern !== "") yield* checkedGlob(input.pattern)
  const tree = yield* scanSourceTree(skill.sourceDir, { onEscape: "skip" })
  yield* entryPointInside(tree)
  const limit = input.limit ?? DEFAULT_SOURCES_LIMIT
  const layout = layoutSources(tree.files.map((f) => f.path), tree.dirs, { dir, depth: input.depth, limit, pattern: input.pattern })
  const result: SourcesResult = { skill: skill.name, root: dir === "" ? `${skill.name}/` : `${dir}/`, limit, ...layout }
  return result
})

/** The `args` of a `sources` row (DECISIONS #18). */
export const sourcesLogArgs = (input: SourcesInput) => ({ dir: input.dir, depth: input.depth, pattern: input.pattern, limit: input.limit })
