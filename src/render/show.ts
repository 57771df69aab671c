// Text rendering of `skc show` (RFC-0002:C-SHOW): the section as it is in
// the source, ending with `... (N more lines)` when --max-lines cut it, and
// the line that says where the skill's files it names are. Pure.
import type { ShowResult } from "../app/search/show.js"
import type { RenderContext } from "../commands/spec.js"
import { openStep, stepText } from "../domain/nextStep.js"
import { preambleRead, preambleSpan } from "./preamble.js"
import { shellInjections, SKILL_DIR_VARIABLE } from "../domain/agents/claudeBody.js"
import { DEPLOYED_AS_STUB, type StubMark } from "../domain/namedFiles.js"
import { MAIN_DOC } from "../domain/sourcePaths.js"
import { shellWord } from "../domain/shellWord.js"
import { visibleBody, visibleMessage } from "../domain/visible.js"

/**
 * The section's text keeps its lines and tabs; any other control character
 * (an ESC or OSC sequence from a foreign skill) is shown escaped, never sent
 * to the terminal (src/domain/visible.ts). `--format json` has it exactly.
 */
export const renderShowText = (result: ShowResult): string => visibleBody(result.content)

/** What `show` and `open` say of the skill's files a text names (their results' `files_named`, `base_dir`). */
export type NamedFiles = StubMark & {
  readonly skill: string
  readonly files_named?: ReadonlyArray<string> | undefined
  readonly files_named_more?: number | undefined
  readonly base_dir?: string | undefined
  /** The text shown: whether it uses `${CLAUDE_SKILL_DIR}`, which stands for `base_dir`. */
  readonly content?: string | undefined
}

/** Who reads the note: a shell (CLI, stderr), an MCP client on this machine, or one of a team server (HTTP). */
export type NamedFilesReader = "cli" | "tools" | "remote"

/**
 * Where the skill's files the section names are (docs/decisions.md P7), and
 * what `${CLAUDE_SKILL_DIR}` in it stands for, or undefined when it names
 * none and uses no such variable: the CLI writes it on stderr after the
 * section, an MCP call adds it to the answer's notices. A team server's
 * reader gets the skc_open that reads a file instead of a path on the server.
 */
export const namedFilesNote = (result: NamedFiles, reader: NamedFilesReader, what = "section"): string | undefined => {
  const paths = result.files_named ?? []
  const variable = result.content?.includes(SKILL_DIR_VARIABLE) === true
  if (paths.length === 0 && !(variable && result.base_dir !== undefined)) return undefined
  const more = result.files_named_more ?? 0
  const list = paths.join(", ") + (more > 0 ? ` (and ${more} more)` : "")
  if (reader === "remote" || result.base_dir === undefined) {
    const read = `read one with: ${stepText(openStep(result.skill, paths[0] ?? "<path>"), "tools")}`
    return visibleMessage(
      paths.length === 0
        ? `${SKILL_DIR_VARIABLE} in this ${what} is the skill's directory on the team server, not on this machine; ${read}`
        : `the skill's files this ${what} names (${list}) are on the team server, not this machine${variable ? ` (as is ${SKILL_DIR_VARIABLE})` : ""}; ${read}`
    )
  }
  const dir = reader === "cli" ? shellWord(result.base_dir) : result.base_dir
  const lead = reader === "cli" ? "note: " : ""
  const where = `${dir}${reader === "tools" ? " (base_dir)" : ""}`
  // Only a skill skc deploys as a stub has a deployed folder without these files; any other is read where it is.
  // The files are called by their path, the working directory kept: "run them from that directory" sent an agent
  // into the skill's source store, where a script that reads `git log` or writes its output saw the wrong place.
  const stub = result[DEPLOYED_AS_STUB] === true
  const why = stub ? " (the deployed skill's folder holds its stub alone)" : ""
  return visibleMessage(
    paths.length === 0
      ? `${lead}${SKILL_DIR_VARIABLE} in this ${what} is ${where}, the skill's ${stub ? "source" : "directory"}${why}`
      : `${lead}the skill's files this ${what} names are in ${where}: ${list}; call them by their path there${variable ? ` (${SKILL_DIR_VARIABLE} stands for that directory)` : ""}, from the directory you work in${why}`
  )
}

/** The most commands the note names. */
const NOTED_COMMANDS = 3

/**
 * The `` !`command` `` lines of a SKILL.md section (src/domain/agents/claudeBody.ts): Claude Code runs them
 * and puts their output in their place only in the SKILL.md it loads, and a skill skc built is loaded as its
 * stub, so an agent reading the section through skc meets them unrun. The note says so and names them (at
 * most three); undefined for a section without any, or of another file (Claude Code runs none there).
 */
export const shellCommandsNote = (result: { readonly file: string; readonly content: string }, reader: NamedFilesReader): string | undefined => {
  if (result.file !== MAIN_DOC) return undefined
  const commands = shellInjections(result.content, 1)
  if (commands.length === 0) return undefined
  const one = commands.length === 1
  const named = commands.slice(0, NOTED_COMMANDS).map((c) => `'${c.command.replace(/\s+/g, " ")}'`).join(", ")
  const more = commands.length > NOTED_COMMANDS ? ` and ${commands.length - NOTED_COMMANDS} more` : ""
  return visibleMessage(
    `${reader === "cli" ? "note: " : ""}Claude Code runs the \`!\` commands of the SKILL.md it loads, and a skill skc built is loaded as its stub: ` +
      `this section's ${one ? "command has" : `${commands.length} commands have`} not run; run ${one ? "it" : "them"} where the section needs the output (${named}${more})`
  )
}

/**
 * Where the text above the file's first heading is, when the section shown is that heading's (`before_heading`):
 * no section holds it, and a reference often opens with its most important line there.
 */
export const textAboveNote = (result: Pick<ShowResult, "skill" | "file" | "before_heading">, reader: NamedFilesReader): string | undefined => {
  const above = result.before_heading
  if (above === undefined) return undefined
  const step = preambleRead(result.skill, result.file, above, reader === "cli" ? "cli" : "tools")
  return visibleMessage(`${reader === "cli" ? "note: " : ""}${result.file} has text above this heading (${preambleSpan(above)}) that no section holds; read it with: ${step}`)
}

/** The MCP structured content of a result naming the skill's files: a team server's leaves out its own directory. */
export const withoutServerDir = (result: NamedFiles, ctx: RenderContext): Record<string, unknown> => {
  if (ctx.remote !== true || result.base_dir === undefined) return { ...result }
  const { base_dir: _onServer, ...rest } = result
  return rest
}

/** The note as an MCP answer's block after its content (`after`): the team server's wording over HTTP. */
export const namedFilesAfter = (result: NamedFiles, ctx: RenderContext, what = "section"): ReadonlyArray<string> => {
  const note = namedFilesNote(result, ctx.remote === true ? "remote" : "tools", what)
  return note === undefined ? [] : [note]
}
