// RFC-0002:C-OPEN: content is the file "as-is without transformation"; a binary file (JSON: base64) read
// with max_lines is its first bytes, `truncated: true`, never with the text marker "... (N more lines)"
// inside the payload (an agent's probe decoded a PNG ending in that marker). A text file keeps the marker.
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { makeMemoryFileSystem } from "../../src/adapters/memory/MemoryFileSystem.js"
import { openFile } from "../../src/app/search/open.js"
import { memoryLayer } from "../helpers/worlds.js"

const SKILL = "/proj/.skillc/skills/flat"
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01])
const fs = makeMemoryFileSystem()
fs.seed({
  [`${SKILL}/SKILL.md`]: "---\nname: flat\ndescription: d\n---\n# Flat\n",
  [`${SKILL}/logo.png`]: PNG,
  [`${SKILL}/notes.txt`]: "one\ntwo\nthree\n"
})

layer(memoryLayer({ fs }))("open --max-lines", (it) => {
  it.effect("of a binary file: only the file's own bytes, truncated; of a text file: the lines and the marker", () =>
    Effect.gen(function* () {
      const bin = yield* openFile({ skill: "flat", path: "logo.png", max_lines: 1 })
      expect(bin.result).toMatchObject({ encoding: "base64", truncated: true })
      const decoded = Buffer.from(bin.result.content, "base64")
      expect(decoded.length).toBeGreaterThan(0)
      expect([...decoded]).toEqual([...PNG.slice(0, decoded.length)])
      expect(decoded.toString("latin1")).not.toContain("more lines")
      const text = yield* openFile({ skill: "flat", path: "notes.txt", max_lines: 1 })
      expect(text.result).toMatchObject({ content: "one\n... (2 more lines)\n", truncated: true })
    }))
})
