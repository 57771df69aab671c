/** `skc outline` / `skc_outline` (RFC-0002, DECISIONS #10). */
import { Option } from "effect"
import { arg, common, defineCommand, flag } from "./spec.js"

export const outlineCommand = defineCommand({
  name: "outline",
  summary: ["List the headings of every .md file of a skill."],
  examples: ["skc outline my-skill", "skc outline my-skill --level 2 --format json", "skc outline my-skill --tokens"],
  args: { skill: arg.one("skill", "Skill name or path.") },
  flags: {
    level: flag.integer("level", "Only headings of this level or higher (1-6)."),
    tokens: flag.boolean("tokens", "Show each section's estimated tokens (ceil(code points / 4))."),
    ...common()
  },
  fast: true,
  mcp: {
    title: "Outline a skill",
    description:
      "List every heading of every Markdown file of a skill, file by file with its line number: the table of contents to pick " +
      "a section for skc_show. level (1-6) keeps only headings up to that depth.",
    readOnly: true
  },
  load: async () => {
    const [{ outline, OutlineInput }, { renderOutline }] = await Promise.all([
      import("../app/outline.js"),
      import("../render/outline.js")
    ])
    return {
      input: OutlineInput,
      toInput: (o) => ({ skill: o.skill, level: Option.getOrUndefined(o.level), ...(o.tokens ? { tokens: true } : {}) }),
      run: (input) => outline(input),
      log: { args: (input) => ({ level: input.level }) },
      text: (result) => renderOutline(result),
      mcp: { output: () => import("./results.js").then((r) => r.OutlineOutput) }
    }
  }
})
