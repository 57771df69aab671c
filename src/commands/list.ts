/** `skc list` / `skc_list` (RFC-0007:C-LIST). */
import { Option } from "effect"
import { common, defineCommand, flag } from "./spec.js"

/** The skills an MCP `skc_list` answers with when the call gives no `limit`. */
export const MCP_LIST_LIMIT = 100

export const listCommand = defineCommand({
  name: "list",
  summary: ["List the skills of the project and global source stores, and those found in agent skill directories, with their status."],
  examples: ["skc list", "skc list --scope project --status not-built", "skc list --scope agent", "skc list --pattern 'git-*' --check-obsolete --verbose", "skc list --format json --limit 5"],
  args: {},
  flags: {
    scope: flag.text("scope", "Which skills: project, global, agent (found in agent skill directories) or all (default all).", {
      choices: ["project", "global", "agent", "all"]
    }),
    status: flag.text("status", "Only skills with this status: normal, not-built, obsolete, foreign or all (default all).", {
      choices: ["normal", "not-built", "obsolete", "foreign", "all"]
    }),
    limit: flag.integer("limit", "Show at most this many skills."),
    pattern: flag.text("pattern", "Glob over skill names, e.g. 'git-*'."),
    checkObsolete: flag.boolean("check-obsolete", "Hash the sources of built skills to detect 'obsolete' runtimes (slower)."),
    ...common(),
    // RFC-0007:C-LIST: --verbose also adds the SOURCE column (README's `skc list --verbose`), which -v's shared help did not say.
    verbose: flag.boolean("verbose", "Add the SOURCE column; also print resolved paths and timings to stderr (SKC_VERBOSE=1 prints those alone).", "v")
  },
  mcp: {
    title: "List skills",
    description:
      "The skills an agent sees (project, global, agent skill directories) with scope and status (normal, not-built, obsolete, foreign). Start here for the names the other tools take.",
    readOnly: true,
    idempotent: true
  },
  load: async () => {
    const [{ list, ListInput, ListResult }, { renderList }] = await Promise.all([
      import("../app/skills/list.js"),
      import("../render/list.js"),
    ])
    return {
      input: ListInput,
      toInput: (o) =>
        ({
          scope: Option.getOrUndefined(o.scope),
          status: Option.getOrUndefined(o.status),
          limit: Option.getOrUndefined(o.limit),
          pattern: Option.getOrUndefined(o.pattern),
          check_obsolete: o.checkObsolete ? true : undefined
        }),
      run: (input) => list(input),
      text: (result, ctx) => renderList(result, { verbose: ctx.verbose, cwd: ctx.cwd, home: ctx.home }),
      mcp: {
        output: async () => ListResult,
        // Over MCP a listing has a bound unless the call names its own (docs/mcp.md "Payload budgets"): 300
        // skills were 80 KB in one answer; `total` and `filtered` say how many there are.
        defaults: (input) => (input.limit === undefined ? { ...input, limit: MCP_LIST_LIMIT } : input)
      }
    }
  }
})
