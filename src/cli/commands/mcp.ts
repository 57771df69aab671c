import { Command } from "effect/cli"
import { Effect } from "effect"
import { InternalError, InvalidOption } from "../../domain/errors.js"
import { mcpHelp } from "../../commands/mcp.js"
import { VERSION } from "../../domain/version.js"
import { chooseMcpServe, type McpFlags } from "../mcpHttp.js"
import { flagOf } from "../generate.js"
import { onHangup } from "../../layers.js"
import { loadMcpServe } from "../mcpServe.js"

/** The flags from the help's own list (src/commands/mcp.ts), as every generated command has them. */
const config = Object.fromEntries(Object.entries(mcpHelp.flags).map(([key, f]) => [key, flagOf(f)]))

/** The server (src/cli/mcpServe.ts); a build without dist/commands/mcp.cjs is E999 with what to do. */
const loadServer = Effect.tryPromise({
  try: loadMcpServe,
  catch: (e) => new InternalError({ message: e instanceof Error ? e.message : String(e) })
})

/** What to serve (src/cli/mcpHttp.ts): stdio with its project, or HTTP; a bad combination is E100. */
const chooseServe = (flags: McpFlags) =>
  Effect.suspend(() => {
    const chosen = chooseMcpServe(flags, process.env)
    return "problem" in chosen ? Effect.fail(new InvalidOption({ message: chosen.problem })) : Effect.succeed(chosen)
  })

export const mcpCommand = Command.make("mcp", config, (values) =>
  Effect.gen(function* () {
    const chosen = yield* chooseServe(values as unknown as McpFlags)
    if ("http" in chosen) {
      const { serveHttp } = yield* loadServer
      // Interrupted (a signal): the listener stops and the sessions close before the fiber ends.
      return yield* Effect.callback<void>((resume) => {
        const stop = new AbortController()
        serveHttp(VERSION, chosen.http, stop.signal, onHangup).then(
          () => resume(Effect.void),
          (e: unknown) => resume(Effect.die(e))
        )
        return Effect.sync(() => stop.abort())
      })
    }
    // The SDK and the server load only for this command (start-up of every other command stays small).
    const { serveStdio } = yield* loadServer
    yield* Effect.promise(() => serveStdio(VERSION, chosen.stdio))
  })
).pipe(Command.withDescription(mcpHelp.summary.join("\n")))
