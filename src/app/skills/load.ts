/**
 * `skc load <skill>`: progressive disclosure as an agent runtime performs it
 * (agent-skill-protocol "Progressive Disclosure"): the SKILL.md body, then
 * the files it references — Markdown links, inline code and code blocks that
 * name existing files — resolved inside the skill root, each loaded once,
 * `depth` levels deep (1 by default: the format says references should be
 * one level deep), each wrapped in `--- Content from <path> ---` markers,
 * with a token estimate per part and a context budget.
 *
 * Which files a file reaches is decided by the one resolver lint's SKL401
 * uses (`src/domain/references/reach.ts`): paths in links, inline code, code
 * blocks and prose, templated segments and globs, directory mentions, case-
 * only matches — over the skill's file list (the build walker's: escaping
 * symlinks left out). Links are also resolved one by one to report what they
 * promise and cannot give: a missing file, a target outside the root — by
 * `..`, an absolute path or a symlink — refused, never read.
 */
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { pathFromSkillDir } from "../../domain/agents/claudeBody.js"
import { Warning } from "../../domain/errors.js"
import { lfText } from "../../domain/markdown/index.js"
import { readSkillSource } from "../../domain/protocol/frontmatter.js"
import { applyBudget, DEFAULT_BUDGET, DEFAULT_DEPTH, type LeftOutPart, type PartInput } from "../../domain/protocol/load.js"
import { findReferences, type ReferenceKind } from "../../domain/protocol/references.js"
import { indexSkillFiles, referencesIn } from "../../domain/references/reach.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { AgentField, PluginDirsField } from "./discover.js"
import { locateSkill, touchLocated } from "./locateSkill.js"
import { otherReadingCopy } from "./readingCopy.js"
import { scanSourceTree } from "../shared/index.js"

export const LoadInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name (as discovered) or path." }),
  budget: Schema.optional(
    Schema.Int.check(Schema.isGreaterThan(0)).annotate({ description: `Context budget in estimated tokens (default ${DEFAULT_BUDGET}).` })
  ),
  depth: Schema.optional(
    Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).annotate({
      description: `Reference levels to follow (default ${DEFAULT_DEPTH}; 0: body only)`
    })
  ),
  agent: Schema.optional(AgentField),
  plugin_dirs: Schema.optional(PluginDirsField)
})
export type LoadInput = typeof LoadInput.Type

export interface LoadPartResult {
  readonly path: string
  readonly kind: "body" | "reference"
  readonly depth: number
  readonly referenced_from: string | null
  readonly tokens: number
  readonly content: string
}

export interface UnloadedReference {
  readonly target: string
  readonly kind: ReferenceKind
  readonly referenced_from: string
  readonly line: number
  readonly reason: string
}

export interface LoadResult {
  readonly skill: string
  readonly path: string
  readonly budget: number
  readonly depth: number
  readonly parts: ReadonlyArray<LoadPartResult>
  readonly left_out: ReadonlyArray<LeftOutPart>
  /** Link targets that name no file. */
  readonly missing: ReadonlyArray<UnloadedReference>
  /** Targets outside the skill root, or files that are not text. */
  readonly refused: ReadonlyArray<UnloadedReference>
  readonly total_tokens: number
  readonly full_tokens: number
  readonly over_budget: boolean
}

const UnloadedReferenceSchema = Schema.Struct({
  target: Schema.String,
  kind: Schema.Literals(["link", "inline-code", "code-block"]),
  referenced_from: Schema.String,
  line: Schema.Int,
  reason: Schema.String
})

/** `skc load --format json` and the MCP tool's `outputSchema` (open: later fields do not break clients). */
export const LoadDocument = Schema.Struct({
  skill: Schema.String,
  path: Schema.String,
  budget: Schema.Int,
  depth: Schema.Int,
  parts: Schema.Array(
    Schema.Struct({
      path: Schema.String,
      kind: Schema.Literals(["body", "reference"]),
      depth: Schema.Int,
      referenced_from: Schema.NullOr(Schema.String),
      tokens: Schema.Int,
      content: Schema.String
    })
  ),
  left_out: Schema.Array(
    Schema.Struct({ path: Schema.String, depth: Schema.Int, referenced_from: Schema.NullOr(Schema.String), tokens: Schema.Int })
  ),
  missing: Schema.Array(UnloadedReferenceSchema),
  refused: Schema.Array(UnloadedReferenceSchema),
  total_tokens: Schema.Int,
  full_tokens: Schema.Int,
  over_budget: Schema.Boolean
})

/** Every result is a document of `LoadDocument`: the compiler checks the two against each other (issue 28). */
export const loadDocument = (r: LoadResult): typeof LoadDocument.Type => r

/** Sniff for binary content: a NUL byte in the first 8 KiB, as git does. */
const isBinary = (bytes: Uint8Array) => bytes.subarray(0, 8192).includes(0)

export const load = Effect.fn("skc.load")(function* (input: LoadInput) {
  const fs = yield* FileSystem
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const budget = input.budget ?? DEFAULT_BUDGET
  const maxDepth = input.depth ?? DEFAULT_DEPTH
  const located = yield* locateSkill(input.skill, input.agent, input.plugin_dirs)
  // Its access-log row (RFC-0007:C-LOGGING): an agent that calls skc_load has read the skill.
  yield* touchLocated(located)
  // The agent's pick of a name may not be the copy the reading commands resolve (readingCopy.ts).
  const other = yield* otherReadingCopy(input.skill, located)
  if (other !== undefined) yield* diagnostics.warn(Warning.notice(other))
  const root = located.dir
  const canonicalRoot = yield* fs.realPath(root).pipe(unseenAs(root))
  const inside = (base: string, p: string) => {
    const rel = path.relative(base, p)
    return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel))
  }
  const display = (abs: string) => path.relative(root, abs).split(path.sep).join("/")

  const skillText = yield* fs.readFileString(located.path).pipe(Effect.orDie)
  const skillSource = readSkillSource(skillText)
  const inputs: Array<PartInput> = [
    { path: "SKILL.md", kind: "body", depth: 0, referenced_from: null, content: skillSource.body }
  ]
  const missing: Array<UnloadedReference> = []
  const refused: Array<UnloadedReference> = []
  const canonicalSkillMd = yield* fs.realPath(located.path).pipe(unseenAs(located.path))
  const visited = new Set<string>([canonicalSkillMd])

  /** Where a candidate points: a file inside the root, outside it, or nothing. */
  const resolveTarget = (written: string, kind: ReferenceKind, fromDir: string) =>
    Effect.gen(function* () {
      if (path.isAbsolute(written)) return { _tag: "Outside" as const, reason: "absolute path" }
      // `${CLAUDE_SKILL_DIR}/x` is the skill's own x, from the root (Claude Code substitutes the variable).
      const rooted = pathFromSkillDir(written)
      const target = rooted ?? written
      const bases = rooted !== undefined ? [root] : kind === "link" ? [fromDir, root] : [root, fromDir]
      let outside: string | undefined
      for (const base of [...new Set(bases)]) {
        const abs = path.resolve(base, target)
        if (!inside(root, abs)) {
          outside = "path escapes the skill root"
          continue
        }
        const info = yield* fs.statOption(abs).pipe(unseenAs(undefined))
        if (info === undefined) {
          // A link (symlink) whose target is gone looks missing; one pointing outside is refused.
          continue
        }
        if (info.type !== "file") return { _tag: "NotAFile" as const }
        const canonical = yield* fs.realPath(abs).pipe(unseenAs(abs))
        if (!inside(canonicalRoot, canonical)) return { _tag: "Outside" as const, reason: "symlink escapes the skill root" }
        return { _tag: "File" as const, abs, canonical }
      }
      return outside !== undefined ? { _tag: "Outside" as const, reason: outside } : { _tag: "Missing" as const }
    })

  const tree = yield* scanSourceTree(root, { onEscape: "skip" })
  const index = indexSkillFiles(
    tree.files.map((f) => f.path),
    tree.dirs
  )

  /** Read one reached file into the next level (once, text only). */
  const take = (abs: string, canonical: string, from: { rel: string }, depth: number, note: () => UnloadedReference) =>
    Effect.gen(function* () {
      if (visited.has(canonical)) return undefined
      visited.add(canonical)
      const rel = display(abs)
      const bytes = yield* fs.readFile(abs).pipe(Effect.result)
      if (bytes._tag === "Failure") {
        refused.push({ ...note(), reason: `cannot read: ${bytes.failure.code}` })
        return undefined
      }
      if (isBinary(bytes.success)) {
        refused.push({ ...note(), reason: "binary file" })
        return undefined
      }
      // Line endings as SKILL.md's body has them (`\n`): a CRLF file counted its `\r`s
      // against the budget and lost a part an LF copy of the same text loads (DECISIONS #21).
      const text = lfText(new TextDecoder().decode(bytes.success))
      inputs.push({ path: rel, kind: "reference", depth, referenced_from: from.rel, content: text })
      return { abs, rel, text, firstLine: 1 }
    })

  // A reference's line is the file's, as lint's: SKILL.md's body is read without its frontmatter.
  let frontier: Array<{ abs: string; rel: string; text: string; firstLine: number }> = [
    { abs: located.path, rel: "SKILL.md", text: inputs[0]!.content, firstLine: skillSource.bodyStartLine }
  ]
  for (let depth = 1; depth <= maxDepth && frontier.length > 0; depth++) {
    const next: Array<{ abs: string; rel: string; text: string; firstLine: number }> = []
    for (const file of frontier) {
      const reached = referencesIn(index, file.rel, file.text)
      for (const { path: rel, mention } of reached.files) {
        const abs = path.join(root, ...rel.split("/"))
        const canonical = yield* fs.realPath(abs).pipe(unseenAs(abs))
        const note = (): UnloadedReference => ({
          target: mention.text,
          kind: "inline-code",
          referenced_from: file.rel,
          line: mention.line + file.firstLine - 1,
          reason: ""
        })
        const got = yield* take(abs, canonical, file, depth, note)
        if (got !== undefined) next.push(got)
      }
      // Links promise a file: say which ones cannot give it. (A destination
      // the word scanner cannot see, e.g. with spaces, is still loaded.)
      for (const ref of findReferences(file.text)) {
        const resolved = yield* resolveTarget(ref.target, ref.kind, path.dirname(file.abs))
        const note = (reason = ""): UnloadedReference => ({
          target: ref.target,
          kind: ref.kind,
          referenced_from: file.rel,
          line: ref.line + file.firstLine - 1,
          reason
        })
        if (resolved._tag === "Missing") {
          // Code mentions many words that are not files; only a link promises one.
          if (ref.kind === "link" && !reached.files.some((f) => f.mention.text === ref.target)) missing.push(note("no such file"))
          continue
        }
        if (resolved._tag === "NotAFile") continue
        if (resolved._tag === "Outside") {
          if (ref.kind === "link" || resolved.reason !== "path escapes the skill root") refused.push(note(resolved.reason))
          continue
        }
        const got = yield* take(resolved.abs, resolved.canonical, file, depth, note)
        if (got !== undefined) next.push(got)
      }
    }
    frontier = next
  }

  const budgeted = applyBudget(inputs, budget)
  if (budgeted.over_budget) {
    yield* diagnostics.warn(
      Warning.notice(
        `'${located.name}' needs ~${budgeted.full_tokens} tokens, over the budget of ${budget}` +
          (budgeted.left_out.length > 0 ? `; ${budgeted.left_out.length} part(s) left out` : "")
      )
    )
  }
  const result: LoadResult = {
    skill: located.name,
    path: located.path,
    budget,
    depth: maxDepth,
    parts: budgeted.parts.map((p) => ({
      path: p.path,
      kind: p.kind,
      depth: p.depth,
      referenced_from: p.referenced_from,
      tokens: p.tokens,
      content: p.text
    })),
    left_out: budgeted.left_out,
    missing,
    refused,
    total_tokens: budgeted.total_tokens,
    full_tokens: budgeted.full_tokens,
    over_budget: budgeted.over_budget
  }
  return result
})

/** The most part paths a `load` row lists: a skill loaded whole at a large budget stays one short row. */
const LOGGED_PARTS = 50

/**
 * The `args` of a `load` row (DECISIONS #18: the command's parameters in snake_case, plus what was
 * resolved): the budget and depth as used, the agent when named, and on success the paths of the parts
 * loaded (at most 50, `parts_more` counting the rest) and how many the budget left out.
 */
export const loadLogArgs = (input: LoadInput, result: LoadResult | undefined) => ({
  budget: input.budget ?? DEFAULT_BUDGET,
  depth: input.depth ?? DEFAULT_DEPTH,
  ...(input.agent === undefined ? {} : { agent: input.agent }),
  ...(result === undefined
    ? {}
    : {
        parts: result.parts.slice(0, LOGGED_PARTS).map((p) => p.path),
        ...(result.parts.length > LOGGED_PARTS ? { parts_more: result.parts.length - LOGGED_PARTS } : {}),
        left_out: result.left_out.length
      })
})
