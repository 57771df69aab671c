/**
 * Skills as MCP prompts (issue 48 item 3): the skills a person may invoke —
 * Claude Code's rule, the agent profile's `commandMenuField`: not
 * `user-invocable: false` — offered as prompts (MCP clients show them as
 * slash commands), named by the skill, described by its description, with
 * arguments from its `arguments` / `argument-hint` frontmatter.
 * `prompts/get` answers the skill's instructions (the SKILL.md body) with
 * the arguments substituted as Claude Code substitutes them, and a
 * resource link to the skill's SKILL.md.
 *
 * The substitution rules (code.claude.com/docs/en/skills, "Pass arguments
 * to skills" and "Available string substitutions"; anthropics/claude-code
 * CHANGELOG):
 * - `$ARGUMENTS` is the whole argument string as given;
 * - `$ARGUMENTS[N]` and its shorthand `$N` are the N-th argument, 0-based,
 *   the string split shell-style (quotes group words and are removed)
 *   (CHANGELOG 2.1.19: `$0`, `$1`… and the bracket syntax);
 * - `$name` is the argument at the position of `name` in the `arguments`
 *   frontmatter (a space-separated string or a YAML list);
 * - a positional placeholder with no argument stays verbatim (CHANGELOG
 *   2.1.210), and so does a named one;
 * - one pass: a value is never expanded again (CHANGELOG 2.1.233), and a
 *   name's regex metacharacters are literal (CHANGELOG 2.1.139);
 * - `\$` is a literal dollar sign (as lint's SKL117 reads the body);
 * - a body that uses no placeholder gets the arguments appended as
 *   `ARGUMENTS: <value>` (the docs: arguments are never lost).
 */
import { Effect } from "effect"
import { claude } from "../domain/agents/claude.js"
import { argumentHint, argumentNames, argumentPattern, SKILL_DIR_VARIABLE } from "../domain/agents/claudeBody.js"
import { listingFacts } from "../domain/agents/listing.js"
import { frontmatterCloseIndex } from "../domain/markdown/frontmatter.js"
import { MAIN_DOC } from "../domain/sourcePaths.js"
import { FileSystem } from "../ports/FileSystem.js"
import { NotServed, promptableSkills, readSkillFile, RESOURCE_READ_MAX_BYTES, type ServedSkill } from "./skillResources.js"
import { skillFileUri } from "./skillUri.js"

/** The one argument of a skill that names none: the text typed after `/name`, as Claude Code takes it. */
export const RAW_ARGUMENT = "arguments"

export interface PromptArgument {
  readonly name: string
  readonly description: string
  readonly required: boolean
}

export interface SkillPrompt {
  readonly name: string
  readonly description: string
  readonly arguments: ReadonlyArray<PromptArgument>
  /** The `arguments` names, in order (empty: the one raw argument string). */
  readonly names: ReadonlyArray<string>
}

/** A person may invoke the skill (Claude Code: not `user-invocable: false`). */
export const personInvocable = (frontmatter: Readonly<Record<string, unknown>>): boolean =>
  listingFacts(claude, frontmatter, String(frontmatter.description ?? "")).command

/** A skill's prompt arguments: its named arguments, else the one raw argument string. All optional, as in Claude Code. */
export const promptArguments = (frontmatter: Readonly<Record<string, unknown>>): ReadonlyArray<PromptArgument> => {
  const names = argumentNames(frontmatter)
  const hint = argumentHint(frontmatter)
  if (names.length > 0) {
    return names.map((name, i) => ({
      name,
      description: `Argument ${i} ($${name}, $${i})${hint === undefined ? "" : `; ${hint}`}`,
      required: false
    }))
  }
  return [{ name: RAW_ARGUMENT, description: hint ?? "What follows the command ($ARGUMENTS; $0, $1… split shell-style)", required: false }]
}

/**
 * Clients that pass the words typed after a prompt's slash command only to its required arguments. Gemini
 * CLI 0.61.0 (its MCP client names itself `gemini-cli-mcp-client`; McpPromptLoader `parseArgs`) fills
 * `--name=value` pairs, then gives every typed word to the one required argument left unfilled (an empty
 * string when none was typed, never an error), and drops them when no argument is required: `/deploy
 * staging v1` reached skc as no arguments at all.
 */
const FILLS_REQUIRED_ONLY: ReadonlySet<string> = new Set(["gemini-cli-mcp-client"])

/**
 * The arguments `prompts/list` gives this client: for one that fills only required arguments, the one raw
 * argument string is required, so that what its user types reaches `$ARGUMENTS` as in Claude Code. Named
 * arguments stay optional (required, a word too few would be refused); such a client's users give them as
 * `--name=value`.
 */
export const promptArgumentsFor = (client: string | undefined, args: ReadonlyArray<PromptArgument>): ReadonlyArray<PromptArgument> =>
  client !== undefined && FILLS_REQUIRED_ONLY.has(client) && args.length === 1 && args[0]!.name === RAW_ARGUMENT ? [{ ...args[0]!, required: true }] : args

export const promptOf = (skill: ServedSkill): SkillPrompt => ({
  name: skill.name,
  description: String(skill.frontmatter.description),
  arguments: promptArguments(skill.frontmatter),
  names: argumentNames(skill.frontmatter)
})

/**
 * `prompts/list`: one prompt per skill name a person may invoke, the first
 * served (project, then global, then the agent directories) winning.
 */
export const listSkillPrompts = Effect.map(promptableSkills, (skills) => {
  const out: Array<SkillPrompt> = []
  const seen = new Set<string>()
  for (const s of skills) {
    if (seen.has(s.name)) continue
    seen.add(s.name)
    if (personInvocable(s.frontmatter)) out.push(promptOf(s))
  }
  return out
})

/** Split an argument string shell-style: whitespace separates, quotes group and are removed, `\` escapes. */
export const splitArguments = (raw: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  let current = ""
  let started = false
  let quote: "'" | '"' | undefined
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!
    if (quote === "'") {
      if (c === "'") quote = undefined
      else current += c
    } else if (quote === '"') {
      if (c === '"') quote = undefined
      else if (c === "\\" && i + 1 < raw.length && '"\\$`'.includes(raw[i + 1]!)) current += raw[++i]
      else current += c
    } else if (/\s/.test(c)) {
      if (started) out.push(current)
      current = ""
      started = false
    } else if (c === "'" || c === '"') {
      quote = c
      started = true
    } else if (c === "\\" && i + 1 < raw.length) {
      current += raw[++i]
      started = true
    } else {
      current += c
      started = true
    }
  }
  // An unclosed quote: the plain whitespace split.
  if (quote !== undefined) return raw.split(/\s+/).filter((s) => s !== "")
  if (started) out.push(current)
  return out
}

/** An argument as it would be typed: quoted when it holds whitespace or quotes. */
const typed = (value: string): string => (value !== "" && !/[\s'"\\]/.test(value) ? value : `"${value.replace(/(["\\$`])/g, "\\$1")}"`)

/**
 * The body with the invocation's arguments substituted (see the module
 * comment for the rules): `raw` is `$ARGUMENTS`, `positional[N]` is
 * `$ARGUMENTS[N]` / `$N` (undefined: the placeholder stays), `names[N]` is
 * the name of position N.
 */
export const substituteArguments = (
  body: string,
  raw: string,
  positional: ReadonlyArray<string | undefined>,
  names: ReadonlyArray<string>
): string => {
  const pattern = argumentPattern(names)
  let used = false
  const out = body.replace(pattern, (whole, index: string | undefined, all: string | undefined, short: string | undefined, name: string | undefined) => {
    used = true
    if (all !== undefined) return raw
    const at = index ?? short
    const value = at !== undefined ? positional[Number(at)] : positional[names.indexOf(name!)]
    return value ?? whole
  })
  return !used && raw.trim() !== "" ? `${out.replace(/\n*$/, "")}\n\nARGUMENTS: ${raw}\n` : out
}

/** The SKILL.md body: the text after the frontmatter, its leading blank lines left out. */
export const bodyOf = (text: string): string => {
  const lines = text.split(/\r?\n/)
  const close = frontmatterCloseIndex(lines)
  return close === undefined || close < 0 ? text : lines.slice(close + 1).join("\n").replace(/^(\s*\n)+/, "")
}

/** What `prompts/get` was given, as Claude Code would have it: the raw string and the positions. */
export const invocationOf = (
  prompt: SkillPrompt,
  given: Readonly<Record<string, string>>
): { readonly raw: string; readonly positional: ReadonlyArray<string | undefined>; readonly names: ReadonlyArray<string> } => {
  const unknown = Object.keys(given).filter((k) => !prompt.arguments.some((a) => a.name === k))
  if (unknown.length > 0) {
    throw new NotServed({
      message: `Unknown argument${unknown.length === 1 ? "" : "s"} of prompt '${prompt.name}': ${unknown.map((k) => `'${k}'`).join(", ")} (arguments: ${prompt.arguments.map((a) => a.name).join(", ")})`
    })
  }
  if (prompt.names.length === 0) {
    const raw = given[RAW_ARGUMENT] ?? ""
    return { raw, positional: splitArguments(raw), names: [] }
  }
  const names = prompt.names
  const positional = names.map((n) => given[n])
  const raw = positional.filter((v): v is string => v !== undefined).map(typed).join(" ")
  return { raw, positional, names }
}

/**
 * `prompts/get`: the skill's instructions with the arguments substituted, and a link to the skill. With
 * `skillDir` (a server on the reader's machine), `${CLAUDE_SKILL_DIR}` becomes the skill's source directory
 * too, as Claude Code makes it the directory of the SKILL.md it loads; a team server leaves it as written,
 * its directories not being the reader's (docs/decisions.md P7).
 */
export const getSkillPrompt = (name: string, given: Readonly<Record<string, string>>, options: { readonly skillDir: boolean } = { skillDir: true }) =>
  Effect.gen(function* () {
    const skill = (yield* promptableSkills).find((s) => s.name === name)
    if (skill === undefined || !personInvocable(skill.frontmatter)) {
      return yield* Effect.fail(new NotServed({ message: `Invalid prompt name: '${name}' (no skill a person may invoke has that name; see prompts/list)` }))
    }
    const prompt = promptOf(skill)
    const invocation = yield* Effect.try({ try: () => invocationOf(prompt, given), catch: (e) => e as NotServed })
    const uri = skillFileUri(skill.scope, skill.name, MAIN_DOC)
    // Read without a row of its own: the prompt is one read of SKILL.md, logged as the person's (server.ts).
    // A skill the extension does not serve (its format) is read from its directory, as bounded as a resource.
    const text = skill.served ? yield* servedText(uri) : yield* directText(skill, uri)
    const body = options.skillDir ? bodyOf(text).replaceAll(SKILL_DIR_VARIABLE, skill.sourceDir) : bodyOf(text)
    const substituted = substituteArguments(body, invocation.raw, invocation.positional, invocation.names)
    return {
      skill,
      result: {
        description: prompt.description,
        messages: [
          { role: "user" as const, content: { type: "text" as const, text: substituted } },
          // The link only to a resource the server serves.
          ...(skill.served
            ? [
                {
                  role: "user" as const,
                  content: { type: "resource_link" as const, uri, name: skill.name, title: `${skill.name} (${skill.scope} skill)`, description: prompt.description, mimeType: "text/markdown" }
                }
              ]
            : [])
        ]
      }
    }
  })

/** A served skill's SKILL.md as `resources/read` reads it. */
const servedText = (uri: string) =>
  Effect.flatMap(readSkillFile(uri), (read) => ("text" in read ? Effect.succeed(read.text) : Effect.fail(new NotServed({ message: `${uri} is not UTF-8 text` }))))

/** The SKILL.md of a skill the extension does not serve, from its directory, within the bound of a resource. */
const directText = (skill: ServedSkill, uri: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const file = `${skill.sourceDir}/${MAIN_DOC}`
    const info = yield* fs.statOption(file).pipe(Effect.mapError(() => new NotServed({ message: `cannot read ${uri}` })))
    if (info?.type !== "file" || info.size > RESOURCE_READ_MAX_BYTES) return yield* Effect.fail(new NotServed({ message: `cannot read ${uri} as a prompt` }))
    return yield* fs.readFileString(file).pipe(Effect.mapError((e) => new NotServed({ message: `cannot read ${uri}: ${e.code}` })))
  })
