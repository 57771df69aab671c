/** `skc open` / `skc_open` (RFC-0002, DECISIONS #36). */
import { insideFence, largeAnswerNote } from "./pageNotes.js"
import { Effect, Option } from "effect"
import { visibleBody } from "../domain/visible.js"
import { printBytes, printJson, printStderr, printText } from "./output.js"
import { Output } from "../ports/Output.js"
import { arg, common, defineCommand, flag } from "./spec.js"
import { MCP_PAGE_MAX_BYTES } from "../domain/answerSurface.js"

interface OpenedText {
  readonly path: string
  readonly encoding?: string
  readonly content: string
}

const textOf = (r: OpenedText): string =>
  r.encoding === "base64" ? `(binary file '${r.path}', base64 in the structured content)\n${r.content}` : r.content

const hasControl = (r: OpenedText): boolean => r.encoding === "base64" || visibleBody(r.content) !== r.content

export const openCommand = defineCommand({
  name: "open",
  summary: ["Print one file of a skill as it is on disk."],
  examples: ["skc open my-skill references/api.md", "skc open my-skill scripts/run.sh --max-lines 20"],
  args: { skill: arg.one("skill", "Skill name or path."), path: arg.one("path", "File path relative to the skill root.") },
  flags: {
    maxLines: flag.integer("max-lines", "Return at most this many lines."),
    fromLine: flag.integer("from-line", "Start at this line (the next page of a long file with --max-lines or --max-bytes)."),
    maxBytes: flag.integer("max-bytes", "Keep the printed file under this many bytes (at least 1024), cut after a whole line, then '... (N more lines)' (MCP default 40960)."),
    ...common()
  },
  fast: true,
  mcp: {
    title: "Read a file of a skill",
    description:
      "One file of a skill by path from its root (e.g. 'references/api.md'), in pages of max_bytes, from_line on; binary as base64. skc_sources lists files.",
    readOnly: true
  },
  load: async () => {
    const [{ openFile, OpenInput, openLogArgs }, { namedFilesNote, namedFilesAfter, withoutServerDir }] = await Promise.all([
      import("../app/search/open.js"),
      import("../render/show.js")
    ])
    return {
      input: OpenInput,
      toInput: (o) => ({ skill: o.skill, path: o.path, max_lines: Option.getOrUndefined(o.maxLines), from_line: Option.getOrUndefined(o.fromLine), max_bytes: Option.getOrUndefined(o.maxBytes) }),
      run: (input) => openFile(input),
      log: { args: (input, opened) => openLogArgs(input, opened?.result) },
      text: (opened) => textOf(opened.result),
      json: (opened) => opened.result,
      // The CLI prints the bytes exactly as on disk: no newline added, no decoding. On a
      // terminal, though, a file with control characters (an ESC or OSC sequence of a foreign
      // skill) or a binary file is shown as text with them escaped, as `show` does
      // (src/domain/visible.ts): written to a pipe or a file, it stays byte-exact.
      // A Markdown file that names the skill's scripts: where they are, on stderr after the file (docs/decisions.md P7).
      emit: (opened, ctx, input) => {
        if (ctx.format === "json") return printJson(opened.result)
        // A file cut by --max-lines or --max-bytes: the flag that reads on, as `show` says it (an agent's probe paged
        // a reference by counting lines: the RFC's "... (N more lines)" ends stdout and names no line).
        const more =
          opened.result.next_line !== undefined
            ? `the file goes on: --from-line ${opened.result.next_line} shows its next lines${insideFence(opened.result)}`
            : opened.result.truncated
              ? "the file goes on: run it again without --max-lines (or with a larger one) to read the rest"
              : undefined
        const notes = [namedFilesNote(opened.result, "cli", "file"), more, largeAnswerNote(opened.result, input, "file", opened.bytes.length)].filter((n) => n !== undefined)
        const file = Effect.flatMap(Effect.service(Output), (output) =>
          output.stdoutIsTTY && hasControl(opened.result) ? printText(visibleBody(textOf(opened.result))) : printBytes(opened.bytes)
        )
        return notes.length === 0 ? file : Effect.andThen(file, printStderr(notes.join("\n")))
      },
      mcp: {
        output: () => import("../app/search/open.js").then((r) => r.OpenResult),
        // A team server's paths are not the reader's: its answer names the files, not the directory on the server.
        structured: (opened, ctx) => withoutServerDir(opened.result, ctx),
        // The RFC's "... (N more lines)" ends the content; the way to the rest, for an agent, after it.
        after: (opened, ctx) => [
          ...namedFilesAfter(opened.result, ctx, "file"),
          ...(opened.result.next_line !== undefined
            ? [`the file goes on: call skc_open again with from_line=${opened.result.next_line} for its next lines${insideFence(opened.result)}`]
            : opened.result.truncated
              ? ["the file goes on: call skc_open again without max_lines (or with a larger one) to read the rest"]
              : [])
        ],
        // A binary file's base64 is the structured content's `content`: the text, which clients hand the model, names it
        // instead of repeating it (megabytes of base64 twice in one answer, half of them in the model's context).
        text: (opened) =>
          opened.result.encoding === "base64"
            ? `(binary file '${opened.result.path}', ${opened.bytes.length} bytes${opened.result.truncated ? ", truncated" : ""}: base64 in the structured content's "content")`
            : opened.result.content,
        // Over MCP a file is read in pages (issue 26 item 3's budgets): a 371 KB schema came back in one answer.
        defaults: (input) => (input.max_bytes === undefined ? { ...input, max_bytes: MCP_PAGE_MAX_BYTES } : input)
      }
    }
  }
})
