/** `skc open` / `skc_open` (RFC-0002, DECISIONS #36). */
import { Effect, Option } from "effect"
import { printJson } from "./output.js"
import { arg, common, defineCommand, flag } from "./spec.js"

export const openCommand = defineCommand({
  name: "open",
  summary: ["Print one file of a skill as it is on disk."],
  examples: ["skc open my-skill references/api.md", "skc open my-skill scripts/run.sh --max-lines 20"],
  args: { skill: arg.one("skill", "Skill name or path."), path: arg.one("path", "File path relative to the skill root.") },
  flags: { maxLines: flag.integer("max-lines", "Return at most this many lines."), ...common() },
  fast: true,
  mcp: {
    title: "Read a file of a skill",
    description:
      "Return the content of one file of a skill, by path relative to the skill root (e.g. 'references/api.md' or 'scripts/run.sh'). " +
      "max_lines returns only the first lines. Binary files come back base64-encoded. Paths outside the skill are refused " +
      "(error[E012]); use skc_sources to see which files exist.",
    readOnly: true
  },
  load: async () => {
    const { openFile, OpenInput } = await import("../app/open.js")
    return {
      input: OpenInput,
      toInput: (o) => ({ skill: o.skill, path: o.path, max_lines: Option.getOrUndefined(o.maxLines) }),
      run: (input) => openFile(input),
      log: { args: (input) => ({ path: input.path, max_lines: input.max_lines }) },
      text: (opened) =>
        opened.result.encoding === "base64"
          ? `(binary file '${opened.result.path}', base64 in the structured content)\n${opened.result.content}`
          : opened.result.content,
      json: (opened) => opened.result,
      // The CLI prints the bytes exactly as on disk: no newline added, no decoding.
      emit: (opened, ctx) =>
        ctx.format === "json"
          ? printJson(opened.result)
          : Effect.callback<void>((resume) => {
              if (opened.bytes.length === 0) return resume(Effect.void)
              process.stdout.write(opened.bytes, () => resume(Effect.void))
            }),
      mcp: { output: () => import("./results.js").then((r) => r.OpenOutput), structured: (opened) => ({ ...opened.result }) }
    }
  }
})
