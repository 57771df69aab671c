/** `skc sources` / `skc_sources` (RFC-0002, DECISIONS #11). */
import { Option } from "effect"
import { arg, common, defineCommand, flag } from "./spec.js"

export const sourcesCommand = defineCommand({
  name: "sources",
  summary: ["List the files of a skill as a tree."],
  examples: ["skc sources my-skill", "skc sources my-skill --depth 1", "skc sources my-skill --dir references --pattern '*.md' --format json"],
  args: { skill: arg.one("skill", "Skill name or path.") },
  flags: {
    depth: flag.integer("depth", "Maximum tree depth; deeper directories show as 'dir/ (N files)'."),
    dir: flag.text("dir", "List only this subdirectory."),
    limit: flag.integer("limit", "Maximum entries (default 100)."),
    pattern: flag.text("pattern", "Glob on file names, e.g. '*.md'."),
    ...common()
  },
  fast: true,
  mcp: {
    title: "List the files of a skill",
    description:
      "A skill's files and directories as a tree; dir narrows, depth collapses, pattern filters names, limit caps. Use the paths with skc_open.",
    readOnly: true
  },
  load: async () => {
    const [{ sources, sourcesDocument, sourcesJson, SourcesInput, sourcesLogArgs }, { renderSourcesTree }] = await Promise.all([
      import("../app/search/sources.js"),
      import("../domain/sourcesTree.js")
    ])
    return {
      input: SourcesInput,
      toInput: (o) =>
        ({
          skill: o.skill,
          depth: Option.getOrUndefined(o.depth),
          dir: Option.getOrUndefined(o.dir),
          limit: Option.getOrUndefined(o.limit),
          pattern: Option.getOrUndefined(o.pattern)
        }),
      run: (input) => sources(input),
      log: { args: (input) => sourcesLogArgs(input) },
      text: (result) => renderSourcesTree(result.root, result),
      // DECISIONS #11: an array on the CLI; MCP structured content must be an object, so it is wrapped there.
      json: (result) => sourcesJson(result),
      mcp: { output: () => import("../app/search/sources.js").then((r) => r.SourcesDocument), structured: (result) => ({ ...sourcesDocument(result) }) }
    }
  }
})
