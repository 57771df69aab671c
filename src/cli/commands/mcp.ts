import { Command, Flag } from "effect/cli"
import { Effect, Option } from "effect"
import { statSync } from "node:fs"
import { resolve } from "node:path"
import { InvalidOption } from "../../domain/errors.js"
import { mcpHelp } from "../../commands/mcp.js"
import { VERSION } from "../../domain/version.js"

const toolsOption = Flag.Boolean("tools").pipe(Flag.withoutNegation, Flag.withDescription(mcpHelp.flags.tools.help), Flag.withDefault(false))

const watchOption = Flag.Boolean("watch").pipe(Flag.withoutNegation, Flag.withDescription(mcpHelp.flags.watch.help), Flag.withDefault(false))

const outputSchemasOption = Flag.Boolean("output-schemas").pipe(
  Flag.withoutNegation,
  Flag.withDescription(mcpHelp.flags["output-schemas"].help),
  Flag.withDefault(false)
)

const projectOption = Flag.String("project").pipe(Flag.withDescription(mcpHelp.flags.project.help), Flag.optional)

/**
 * DECISIONS #47: the project a server serves is `--project DIR`, else
 * `SKILLC_PROJECT`, else the client's MCP roots (src/mcp/roots.ts), else the
 * working directory. Clients start stdio servers
 * in `/` (Claude Desktop) or the home directory; the server then works as if
 * started in that directory (the process changes into it, so resolution,
 * tool runs and watchers all see the project).
 */
const enterProject = (given: Option.Option<string>) =>
  Effect.gen(function* () {
    const dir = Option.getOrUndefined(given) ?? (process.env.SKILLC_PROJECT || undefined)
    if (dir === undefined) return false
    const source = Option.isSome(given) ? "--project" : "SKILLC_PROJECT"
    const target = resolve(dir)
    const isDir = yield* Effect.try(() => statSync(target).isDirectory()).pipe(Effect.orElseSucceed(() => false))
    if (!isDir) return yield* Effect.fail(new InvalidOption({ message: `${source}: not a directory: '${dir}'` }))
    yield* Effect.try({ try: () => process.chdir(target), catch: () => new InvalidOption({ message: `${source}: cannot enter '${dir}'` }) })
    return true
  })

export const mcpCommand = Command.make("mcp", { tools: toolsOption, watch: watchOption, project: projectOption, outputSchemas: outputSchemasOption }, (o) =>
  Effect.gen(function* () {
    const fixed = yield* enterProject(o.project)
    // The SDK and the server load only for this command (start-up of every other command stays small).
    const { serveStdio } = yield* Effect.promise(() => import("../../mcp/server.js"))
    // Without a fixed project, the client's MCP roots name it (DECISIONS #47).
    yield* Effect.promise(() => serveStdio(VERSION, { skillTools: o.tools, watch: o.watch, followRoots: !fixed, outputSchemas: o.outputSchemas }))
  })
).pipe(Command.withDescription(mcpHelp.summary.join("\n")))
