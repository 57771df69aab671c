// Issue 44 (build.cold.memory): a cold build streams its files into the
// search index (src/app/build/indexing.ts, compileAndIndex), holding one
// file's text and rows at a time. Measured for real in `npm run bench --
// build`; here the property itself: an 18 MB skill builds in a process whose
// old generation may not pass 32 MB. Before the streaming writer the build
// kept every file's text, scan and index rows (a live set of 50–76 MB for
// 20 MB) and V8 aborted it. No time is measured.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"

/** Deterministic prose: `files` markdown files of about `bytes` each, every one with its own marker word. */
const generate = (root: string, files: number, bytes: number) => {
  let seed = 0x2545f491
  const rand = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return (seed >>> 0) / 0x100000000
  }
  const words = "agent skill section heading compile stub manifest runtime deploy outline source hash index query token".split(" ")
  mkdirSync(join(root, "references"), { recursive: true })
  writeFileSync(join(root, "SKILL.md"), "---\nname: big\ndescription: A large skill. Use when testing memory.\n---\n\n# Big\n\n## Overview\n\nText.\n")
  for (let i = 0; i < files; i++) {
    let text = `# Reference ${i}\n\nmarker${i} opens this file.\n\n`
    let s = 0
    while (text.length < bytes) {
      text += rand() < 0.08 ? `\n## Section ${i}.${s++}\n\n` : `${Array.from({ length: 12 }, () => words[Math.floor(rand() * words.length)]).join(" ")}.\n`
    }
    writeFileSync(join(root, "references", `ref-${String(i).padStart(4, "0")}.md`), text)
  }
}

describe("issue 44: a cold build holds one file at a time", () => {
  it("builds an 18 MB skill with the old generation capped at 32 MB, and indexes its first and last files", async () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, ".git"))
    generate(join(sb.work, ".skillc", "skills", "big"), 600, 30_000)
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
    const built = await spawnAsync(process.execPath, ["--max-old-space-size=32", BIN, "build", "big"], { cwd: sb.work, env })
    expect(built.stderr).not.toMatch(/heap out of memory|Allocation failed/)
    expect(built.code).toBe(0)
    for (const marker of ["marker0", "marker599"]) {
      const found = await spawnAsync(process.execPath, [BIN, "search", "big", marker, "--format", "json"], { cwd: sb.work, env })
      expect(found.code).toBe(0)
      const file = `references/ref-${marker === "marker0" ? "0000" : "0599"}.md`
      expect(JSON.parse(found.stdout).results.map((r: { file: string }) => r.file)).toContain(file)
    }
  })
})
