/** `skc show` / `skc_show` (RFC-0002:C-SHOW, DECISIONS #36). */
import { insideFence, largeAnswerNote } from "./pageNotes.js"
import { Effect, Option } from "effect"
import { arg, common, defineCommand, flag } from "./spec.js"
import { MCP_PAGE_MAX_BYTES } from "../domain/answerSurface.js"
import { SearchIndexLive } from "../layers.js"
import { printJson, printStderr, printText } from "./output.js"

export const showCommand = defineCommand({
  name: "show",
  summary: ["Print one section of a skill, found by its heading in the search index (a store skill after 'skc build'; others indexed on first use)."],
  examples: [
    'skc show my-skill --section "Getting Started"',
    "skc show my-skill --section setup --file references/install.md",
    'skc show my-skill --section "API Reference" --max-lines 40 --format json',
    'skc show my-skill --section "API Reference" --max-lines 40 --from-line 57',
    "skc show my-skill --section Images --file SKILL.md --line 556"
  ],
  args: { skill: arg.one("skill", "Skill name or path.") },
  flags: {
    section: flag.text("section", "Heading to show (case-insensitive; a ' — description' suffix is ignored).", { required: true }),
    file: flag.text("file", "Only look for the heading in this file."),
    maxLines: flag.integer("max-lines", "Show at most this many lines, then '... (N more lines)'."),
    line: flag.integer("line", "Of several headings with this text, the one whose section holds this line (a search result's line)."),
    fromLine: flag.integer("from-line", "Start at this line of the file, within the section: the next page of a long section with --max-lines or --max-bytes."),
    maxBytes: flag.integer("max-bytes", "Keep the printed section under this many bytes (at least 1024), cut after a whole line, then '... (N more lines)' (MCP default 40960)."),
    ...common()
  },
  fast: true,
  mcp: {
    title: "Read one section of a skill",
    description:
      "One section by heading, to the next heading of its level or higher, in pages of max_bytes, from_line on; file narrows. No match: E020 with near headings.",
    readOnly: true
  },
  load: async () => {
    const [{ show, ShowInput, showLogArgs }, { renderShowText, namedFilesNote, namedFilesAfter, shellCommandsNote, textAboveNote, withoutServerDir }] = await Promise.all([
      import("../app/search/show.js"),
      import("../render/show.js")
    ])
    return {
      input: ShowInput,
      toInput: (o) => ({
        skill: o.skill,
        section: Option.getOrUndefined(o.section),
        file: Option.getOrUndefined(o.file),
        max_lines: Option.getOrUndefined(o.maxLines),
        line: Option.getOrUndefined(o.line),
        from_line: Option.getOrUndefined(o.fromLine),
        max_bytes: Option.getOrUndefined(o.maxBytes)
      }),
      run: (input) => show(input).pipe(Effect.provide(SearchIndexLive)),
      // DECISIONS #18: the heading and file shown, or what was asked for.
      log: { args: (input, result) => showLogArgs(input, result) },
      text: (result) => renderShowText(result),
      // The section on stdout as RFC-0002:C-SHOW has it; where the skill's files it names are, on stderr after it
      // (docs/decisions.md P7). JSON carries them as `files_named` and `base_dir`.
      emit: (result, ctx, input) => {
        if (ctx.format === "json") return printJson(result)
        // And the `!` commands of a SKILL.md section, which Claude Code runs only in the file it loads (the stub).
        // A section cut by --max-lines: the flag that reads on (the RFC's "... (N more lines)" ends stdout).
        const more = result.next_line === undefined ? undefined : `the section goes on: --from-line ${result.next_line} shows its next lines${insideFence(result)}`
        const notes = [textAboveNote(result, "cli"), namedFilesNote(result, "cli"), shellCommandsNote(result, "cli"), more, largeAnswerNote(result, input, "section")].filter(
          (n) => n !== undefined
        )
        return notes.length === 0 ? printText(renderShowText(result)) : Effect.andThen(printText(renderShowText(result)), printStderr(notes.join("\n")))
      },
      mcp: {
        output: () => import("../app/search/show.js").then((r) => r.ShowResult),
        // A team server's paths are not the reader's: its answer names the files, not the directory on the server.
        structured: (result, ctx) => withoutServerDir(result, ctx),
        after: (result, ctx) => {
          const shell = shellCommandsNote(result, "tools")
          // The RFC's "... (N more lines)" ends the content; the way to the rest, for an agent, after it.
          // The next page starts at the line after the last one shown (`from_line`, a line of the file).
          const rest = result.next_line !== undefined ? [`the section goes on: call skc_show again with from_line=${result.next_line} for its next lines${insideFence(result)}`] : []
          const above = textAboveNote(result, "tools")
          return [...(above === undefined ? [] : [above]), ...namedFilesAfter(result, ctx), ...(shell === undefined ? [] : [shell]), ...rest]
        },
        // Over MCP a section is read in pages (issue 26 item 3's budgets): a 41 KB SKILL.md section came back in one answer.
        defaults: (input) => (input.max_bytes === undefined ? { ...input, max_bytes: MCP_PAGE_MAX_BYTES } : input)
      }
    }
  }
})
