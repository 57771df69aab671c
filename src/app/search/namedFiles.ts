/**
 * The skill's own files a text of it names, looked up on disk
 * (docs/decisions.md P7): for `open`, which reads no index. `show` looks
 * them up in the index's file records instead (its index is current by
 * contract, RFC-0002:C-SHOW), one query for any number of words.
 */
import { Effect, Schema } from "effect"
import { SKILL_DIR_VARIABLE } from "../../domain/agents/claudeBody.js"
import { DEPLOYED_AS_STUB, filesNamed, pathWords } from "../../domain/namedFiles.js"
import { isMarkdownPath } from "../../domain/sourcePaths.js"
import { resolveInside } from "../skills/index.js"

/** openai's skills' word for the skill's directory (`skill_dir="<path-to-skill>"`): it stands for `base_dir`, as the variable does. */
const SKILL_PATH_WORD = "<path-to-skill>"

/** How many distinct paths one text may make `open` look up: a bound on the `stat`s a hostile file costs. */
const MOST_LOOKUPS = 100

export const namedFilesOnDisk = Effect.fnUntraced(function* (sourceDir: string, text: string, file: string) {
  const words = pathWords(text, file)
  if (words.length === 0) return filesNamed(words, file, new Set())
  const candidates = new Set<string>()
  for (const { beside, fromRoot } of words) {
    for (const p of [beside, fromRoot]) if (p !== undefined && p !== file && !isMarkdownPath(p)) candidates.add(p)
    if (candidates.size >= MOST_LOOKUPS) break
  }
  const existing = new Set<string>()
  for (const candidate of candidates) {
    // The one path rule of every command: a path through `.git`, or a link out of the skill, is no file of it.
    const target = yield* resolveInside(sourceDir, candidate).pipe(
      // Recovery: a word that is no readable file of the skill is simply not named.
      Effect.orElseSucceed(() => undefined)
    )
    if (target?.info?.type === "file") existing.add(candidate)
  }
  return filesNamed(words, file, existing)
})

/**
 * The fields `show` and `open` add to their JSON document and MCP structured content (P7): the skill's
 * own non-Markdown files the text names, as paths from the skill's root (`files_named_more`: how many
 * more than it lists), and the source directory they are in (`${CLAUDE_SKILL_DIR}` too). Present only when the text names one (or uses the variable); a
 * team server (HTTP) leaves `base_dir` out, its paths being on the server, not the reader's machine.
 */
export const NamedFilesFields = {
  files_named: Schema.optional(Schema.Array(Schema.String)),
  files_named_more: Schema.optional(Schema.Int),
  base_dir: Schema.optional(Schema.String)
}

/** Where a result's skill is read from, as `namedFilesFields` needs it (a `ResolvedSkill` is one). */
export interface NamedFilesSkill {
  readonly sourceDir: string
  readonly scope: string
  readonly foreign?: boolean | undefined
}

/**
 * Those fields for a result, from `filesNamed`'s answer and the text: none when the text names no file,
 * and `base_dir` alone when it names none but uses `${CLAUDE_SKILL_DIR}`, which stands for that directory.
 * A skill of skc's own stores gets the mark that its deployed folder holds the stub alone (`DEPLOYED_AS_STUB`).
 */
export const namedFilesFields = (named: { readonly paths: ReadonlyArray<string>; readonly more: number } | undefined, skill: NamedFilesSkill, text: string) => {
  const stub = skill.foreign !== true && (skill.scope === "project" || skill.scope === "global") ? { [DEPLOYED_AS_STUB]: true as const } : {}
  return named === undefined || named.paths.length === 0
    ? text.includes(SKILL_DIR_VARIABLE) || text.includes(SKILL_PATH_WORD) ? { base_dir: skill.sourceDir, ...stub } : {}
    : { files_named: named.paths, ...(named.more > 0 ? { files_named_more: named.more } : {}), base_dir: skill.sourceDir, ...stub }
}
