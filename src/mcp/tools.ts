/**
 * The MCP tool registry (RFC-0007:C-COMMANDS, C-MCP-SERVER): exactly the
 * commands marked MCP, each calling the same use case as the CLI. To add a
 * tool: import its use case, input Schema and text renderer, and add one
 * `defineTool` entry below.
 */
import { init, InitParams, InitResultSchema } from "../app/init.js"
import { list, ListInput, ListResult } from "../app/list.js"
import { renderInit } from "../cli/render/init.js"
import { renderList } from "../cli/render/list.js"
import { defineTool, type ToolSpec } from "./toolSpec.js"

export const tools: ReadonlyArray<ToolSpec<any, any>> = [
  defineTool({
    name: "skc_init",
    command: "init",
    title: "Create a skill or a project",
    description:
      "Create a new skill from the minimal SKILL.md template in the project source store (.skillc/skills/<name>) or, with global=true, " +
      "in the global store (~/.skillc/skills/<name>). Without a name, initialise a skillc project in the server's working directory. " +
      "Fails with error[E050] if the skill already exists; never overwrites.",
    input: InitParams,
    output: InitResultSchema,
    readOnly: false,
    destructive: false,
    idempotent: false,
    run: (input) => init(input),
    text: (result) => renderInit(result)
  }),
  defineTool({
    name: "skc_list",
    command: "list",
    title: "List skills",
    description:
      "List the skills skc manages: the project source store (nearest .skillc/ above the server's working directory) first, then the " +
      "global store (~/.skillc/skills), each by name, with status normal (built), not-built, or obsolete (sources changed since the last " +
      "build; only with check_obsolete=true). Filter by scope, status and a glob pattern over names; limit caps the result. " +
      "Start here to find the skill names the other skc_* tools take.",
    input: ListInput,
    output: ListResult,
    readOnly: true,
    idempotent: true,
    run: (input) => list(input),
    text: (result, ctx) => renderList(result, { verbose: true, cwd: ctx.cwd, home: ctx.home })
  })
]

/** Tool names, for `--help` and tests. */
export const toolNames = (): ReadonlyArray<string> => tools.map((t) => t.name)

