// Type-level test of the composition root (issue 15 item 2): `npm run typecheck`
// fails if `Live` stops providing a service a command relies on, or if a
// program needing a service `Live` lacks is accepted without providing it.
// The runtime assertions only keep vitest from reporting an empty file.
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { runWithLive } from "../../src/cli/runtime.js"
import { common, defineCommand } from "../../src/commands/spec.js"
import { Settings } from "../../src/app/shared/Settings.js"
import { RunId } from "../../src/app/usage/accessLog.js"
import { AccessLog } from "../../src/ports/AccessLog.js"
import { Diagnostics } from "../../src/ports/Diagnostics.js"
import { Env } from "../../src/ports/Env.js"
import { FileSystem } from "../../src/ports/FileSystem.js"
import { Hasher } from "../../src/ports/Hasher.js"
import { SearchIndex } from "../../src/ports/SearchIndex.js"
import { ProcessRunner } from "../../src/ports/ProcessRunner.js"

const options = { verbose: false }

describe("the live layer's type", () => {
  it("accepts a program using every service Live provides", () => {
    const program = Effect.all([
      Effect.service(FileSystem),
      Effect.service(Env),
      Effect.service(Hasher),
      Effect.service(AccessLog),
      Effect.service(Diagnostics),
      Effect.service(Settings),
      Effect.service(RunId)
    ])
    const run = () => runWithLive(options, program)
    expect(typeof run).toBe("function")
  })

  it("refuses a program that needs a service Live does not provide", () => {
    // @ts-expect-error SearchIndex is provided by the handlers that need it (show, search, build), not by Live
    const missingIndex = () => runWithLive(options, Effect.asVoid(Effect.service(SearchIndex)))
    // @ts-expect-error ProcessRunner is provided by `skc run` only
    const missingRunner = () => runWithLive(options, Effect.asVoid(Effect.service(ProcessRunner)))
    expect([missingIndex, missingRunner].every((f) => typeof f === "function")).toBe(true)
  })

  it("refuses a command handler whose use case needs an unprovided service", () => {
    const spec = defineCommand({
      name: "typed",
      summary: ["A command for the type test."],
      examples: [],
      args: {},
      flags: { ...common() },
      // @ts-expect-error `run` needs SearchIndex: the handler must provide it itself (Effect.provide(SearchIndexLive))
      load: async () => ({
        fromFlags: () => Effect.succeed(undefined),
        run: () => Effect.asVoid(Effect.service(SearchIndex)),
        text: () => ""
      })
    })
    expect(spec.name).toBe("typed")
  })
})
