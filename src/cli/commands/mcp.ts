import { Command, Flag } from "effect/cli"
import { Effect, Option } from "effect"
import { InvalidOption } from "../../domain/errors.js"
import { mcpHelp } from "../../commands/mcp.js"
import { VERSION } from "../../domain/version.js"
import { chooseMcpProject } from "../mcpProject.js"

const toolsOption = Flag.Boolean("tools").pipe(Flag.withoutNegation, Flag.withDescription(mcpHelp.flags.tools.help), Flag.withDefault(false))

const watchOption = Flag.Boolean("watch").pipe(Flag.withoutNegation, Flag.withDescription(mcpHelp.flags.watch.help), Flag.withDefault(false))

const outputSchemasOption = Flag.Boolean("output-schemas").pipe(
  Flag.withoutNegation,
  Flag.withDescription(mcpHelp.flags.outputSchemas.help),
  Flag.withDefault(false)
)

const projectOption = Flag.String("project").pipe(Flag.withDescription(mcpHelp.flags.project.help), Flag.optional)

/** The session's starting directory from `--project` or `SKILLC_PROJECT` (src/cli/mcpProject.ts); a bad one is E100. */
const chooseProject = (given: Option.Option<string>) =>
  Effect.suspend(() => {
    const chosen = chooseMcpProject(Option.getOrUndefined(given), process.env)
    return "problem" in chosen ? Effect.fail(new InvalidOption({ message: chosen.problem })) : Effect.succeed(chosen.project)
  })

export const mcpCommand = Command.make("mcp", { tools: toolsOption, watch: watchOption, project: projectOption, outputSchemas: outputSchemasOption }, (o) =>
  Effect.gen(function* () {
    const project = yield* chooseProject(o.project)
    // The SDK and the server load only for this command (start-up of every other command stays small).
    const { serveStdio } = yield* Effect.promise(() => import("../../mcp/server.js"))
    // Without a fixed project, the client's MCP roots name it (DECISIONS #47).
    yield* Effect.promise(() =>
      serveStdio(VERSION, {
        skillTools: o.tools,
        watch: o.watch,
        followRoots: project === undefined,
        outputSchemas: o.outputSchemas,
        ...(project === undefined ? {} : { project })
      })
    )
  })
).pipe(Command.withDescription(mcpHelp.summary.join("\n")))
