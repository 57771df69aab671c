// A probe with the MCP Inspector: a search hit deep in a long file without headings answered "line 1" and named
// a read from the file's start; and `open --from-line N --max-lines M` past the first 256 KB of a file was
// refused, so the file's later pages could not be read with the call its notes name. Real SQLite (the snippet's
// marks are FTS5's), real files.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { build } from "../../src/app/build/build.js"
import { openFile } from "../../src/app/search/open.js"
import { search } from "../../src/app/search/search.js"
import { diskWorld } from "../helpers/worlds.js"

const text = Array.from({ length: 60_000 }, (_, i) => `row ${i + 1} of the ledger`).join("\n") + "\n"
const world = (mid: string) => {
  const w = diskWorld("skc-long-stretch-")
  const root = join(w.work, ".skillc", "skills", "bigone")
  mkdirSync(root, { recursive: true })
  writeFileSync(join(root, "SKILL.md"), "---\nname: bigone\ndescription: A long ledger. Use when testing.\n---\n# Big\n\nSee mid.txt.\n")
  writeFileSync(join(root, "mid.txt"), mid)
  return w
}

describe("a long stretch without headings (RFC-0002:C-OPEN paging; search's match_line, additive)", () => {
  it.live("search gives the hit's line; open reads a page there, past the head's 256 KB", () =>
    Effect.gen(function* () {
      expect(text.length).toBeGreaterThan(1_000_000)
      const w = world(text)
      yield* w.run(build({ skill: "bigone" }))
      const r = yield* w.run(search({ skill: "bigone", query: "59999" }))
      expect(r.results[0]).toMatchObject({ file: "mid.txt", section: "", line: 1, match_line: 59999 })
      const page = yield* w.run(openFile({ skill: "bigone", path: "mid.txt", from_line: 59998, max_lines: 2 }))
      expect(page.result).toMatchObject({ content: "row 59998 of the ledger\nrow 59999 of the ledger\n... (1 more lines)\n", truncated: true, from_line: 59998, next_line: 60000 })
    }))

  it.live("a short stretch keeps the section's own line alone", () =>
    Effect.gen(function* () {
      const w = world("alpha\nbeta ledger\n")
      yield* w.run(build({ skill: "bigone" }))
      const r = yield* w.run(search({ skill: "bigone", query: "ledger" }))
      expect(r.results.find((x) => x.file === "mid.txt")).not.toHaveProperty("match_line")
    }))
})
