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
}

/**
 * The MCP structured content: DECISIONS #11's JSON array (`sourcesJson`,
 * what `--format json` prints) wrapped in an object, as MCP requires one.
 * Its Schema is the tool's `outputSchema` (issue 28).
 */
export const SourcesDocument = Schema.Struct({
  skill: Schema.String,
  entries: Schema.Array(Schema.Struct({ path: Schema.String, type: Schema.Literals(["file", "dir"]) }))
})
export type SourcesDocument = typeof SourcesDocument.Type

export const sourcesJson = (r: SourcesResult): SourcesDocument["entries"] => r.entries.map((e) => ({ path: e.path, type: e.type }))

export const sourcesDocument = (r: SourcesResult): SourcesDocument => ({ skill: r.skill, entries: sourcesJson(r) })

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
  const layout = layoutSources(tree.files.map((f) => f.path), tree.dirs, {
    dir,
    depth: input.depth,
    limit: input.limit ?? DEFAULT_SOURCES_LIMIT,
    pattern: input.pattern
  })
  const result: SourcesResult = { skill: skill.name, root: dir === "" ? `${skill.name}/` : `${dir}/`, ...layout }
  return result
})

/** The `args` of a `sources` row (DECISIONS #18). */
export const sourcesLogArgs = (input: SourcesInput) => ({ dir: input.dir, depth: input.depth, pattern: input.pattern, limit: input.limit })
