import { Command, Options } from "@effect/cli"
import { Effect } from "effect"
import { mcpHelp } from "../../commands/mcp.js"
import { VERSION } from "../../domain/version.js"

const toolsOption = Options.boolean("tools").pipe(Options.withDescription(mcpHelp.flags.tools.help))

const watchOption = Options.boolean("watch").pipe(Options.withDescription(mcpHelp.flags.watch.help))

export const mcpCommand = Command.make("mcp", { tools: toolsOption, watch: watchOption }, (o) =>
  Effect.gen(function* () {
    // The SDK and the server load only for this command (start-up of every other command stays small).
    const { serveStdio } = yield* Effect.promise(() => import("../../mcp/server.js"))
    yield* Effect.promise(() => serveStdio(VERSION, { skillTools: o.tools, watch: o.watch }))
  })
).pipe(Command.withDescription(mcpHelp.summary.join("\n")))
