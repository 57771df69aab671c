// `skc open` of a file over 16 MiB is refused with the way to read its head (issue 29 item 1). The way is a
// next step (src/domain/nextStep.ts): at a terminal the command, word for word as before; over MCP the tool
// call `skc_open skill=… path=… max_lines=100`, not a shell command the agent may have no skc for.
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { makeMemoryFileSystem } from "../../src/adapters/memory/MemoryFileSystem.js"
import { openFile, OPEN_MAX_BYTES } from "../../src/app/search/open.js"
import { renderError, type SkcError } from "../../src/domain/errors.js"
import { memoryLayer } from "../helpers/worlds.js"

const SKILL = "/proj/.skillc/skills/blob"
const fs = makeMemoryFileSystem()
fs.seed({
  [`${SKILL}/SKILL.md`]: "---\nname: blob\ndescription: d\n---\n# Blob\n",
  [`${SKILL}/big data.txt`]: new Uint8Array(OPEN_MAX_BYTES + 1).fill(97)
})

layer(memoryLayer({ fs }))("open: a file too large to return whole", (it) => {
  it.effect("names max_lines as the caller passes it: the CLI's option, or the MCP tool call", () =>
    Effect.gen(function* () {
      const e = (yield* Effect.flip(openFile({ skill: "blob", path: "big data.txt" }))) as SkcError
      expect(renderError(e, "cli")).toBe(
        "error: 'big data.txt' is 16.0 MiB, more than skc open returns at once (16.0 MiB)\n  read its first lines with: skc open blob 'big data.txt' --max-lines 100 (MCP: max_lines)"
      )
      expect(renderError(e, "tools")).toBe(
        'error: \'big data.txt\' is 16.0 MiB, more than skc open returns at once (16.0 MiB)\n  read its first lines with: skc_open skill="blob" path="big data.txt" max_lines=100'
      )
    }))
})

