/** `skc outline` / `skc_outline` (RFC-0002, DECISIONS #10). */
import { Effect, Option } from "effect"
import { SearchIndexLive } from "../layers.js"
import { arg, common, defineCommand, flag } from "./spec.js"

export const outlineCommand = defineCommand({
  name: "outline",
  summary: ["List the headings of every .md file of a skill."],
  examples: ["skc outline my-skill", "skc outline my-skill --level 2 --format json", "skc outline my-skill --tokens"],
  args: { skill: arg.one("skill", "Skill name or path.") },
  flags: {
    level: flag.integer("level", "Only headings of this level or higher (1-6)."),
    tokens: flag.boolean("tokens", "Show each section's estimated tokens (ceil(code points / 4))."),
    file: flag.text("file", "Only the headings of this file (path relative to the skill root)."),
    maxBytes: flag.integer("max-bytes", "Keep the printed result under this many bytes (at least 1024): the top levels are kept and the rest counted (MCP default 16384)."),
    ...common()
  },
  fast: true,
  mcp: {
    title: "Outline a skill",
    description:
      "The headings of a skill's Markdown files (lines in the structured result): the table of contents for skc_show. A long outline keeps its top levels and counts the rest; level and file narrow it.",
    readOnly: true
  },
  load: async () => {
    const [{ outline, OutlineInput, MCP_OUTLINE_MAX_BYTES, outlineLogArgs }, { renderOutline }] = await Promise.all([
      import("../app/search/outline.js"),
      import("../render/outline.js")
    ])
    return {
      input: OutlineInput,
      toInput: (o) => ({
        skill: o.skill,
        level: Option.getOrUndefined(o.level),
        ...(o.tokens ? { tokens: true } : {}),
        file: Option.getOrUndefined(o.file),
        max_bytes: Option.getOrUndefined(o.maxBytes)
      }),
      // The index is opened only to refuse one recorded for another skill (DECISIONS #49).
      run: (input) => outline(input).pipe(Effect.provide(SearchIndexLive)),
      log: { args: (input) => outlineLogArgs(input) },
      text: (result) => renderOutline(result, "cli"),
      mcp: {
        text: (result) => renderOutline(result, "mcp"),
        output: () => import("../app/search/outline.js").then((r) => r.OutlineResult),
        // Issue 26 item 3: over MCP an outline has a budget unless the call names its own.
        defaults: (input) => (input.max_bytes === undefined ? { ...input, max_bytes: MCP_OUTLINE_MAX_BYTES } : input)
      }
    }
  }
})
