// Issue 29 item 5: a foreign skill's headings and an agent's logged search query carried ESC/OSC
// sequences and newlines straight to the terminal (retitling it, breaking tables). Text views now
// show every control character escaped (`\x1b`, `\n`; src/domain/visible.ts); JSON stays exact.
// And `sync --to …?sslmode=require` printed the pg driver's ten-line warning: now one line of skc's.
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"

const OSC = "\u001b]0;pwned\u0007"
// Any control character but the newlines that end lines.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/

const skillMd = (name: string) =>
  `---\nname: ${name}\ndescription: Widgets. Use when making widgets.\n---\n# ${name}\n\n## Gears ${OSC} here\n\nTurn \u001b[31mred\u001b[0m them.\n`

describe("issue 29 item 5: terminal output escapes control characters", () => {
  it("outline, search and show of a foreign skill's hostile heading: escaped in text, exact in JSON", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".claude", "skills", "f")
    writeTree(dir, { "SKILL.md": skillMd("f") })
    const section = `Gears ${OSC} here`
    for (const args of [["outline", "f"], ["search", "f", "gears"], ["show", "f", "--section", section]]) {
      const r = await sb.runAsync(args)
      expect(r.code, args.join(" ")).toBe(0)
      expect(r.stdout, args.join(" ")).not.toMatch(RAW_CONTROL)
      expect(r.stdout, args.join(" ")).toContain("Gears \\x1b]0;pwned\\x07 here")
    }
    const show = await sb.runAsync(["show", "f", "--section", section])
    expect(show.stdout).toContain("Turn \\x1b[31mred\\x1b[0m them.")
    const json = await sb.runAsync(["show", "f", "--section", section, "--format", "json"])
    expect((JSON.parse(json.stdout) as { section: string }).section).toBe(section)
  })

  it("stats shows an agent's logged query with an OSC sequence and a newline on one escaped row", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "x")
    writeTree(dir, { "SKILL.md": skillMd("x") })
    expect((await sb.runAsync(["build", "x"])).code).toBe(0)
    const query = `q${OSC}\nz`
    await sb.runAsync(["search", "x", query])
    const text = await sb.runAsync(["stats", "x", "--group-by", "search"])
    expect(text.code).toBe(0)
    expect(text.stdout).not.toMatch(RAW_CONTROL)
    expect(text.stdout).toMatch(/^ +1 +0 +q\\x1b\]0;pwned\\x07\\nz$/m)
    const json = await sb.runAsync(["stats", "x", "--group-by", "search", "--format", "json"])
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain(JSON.stringify(query).slice(1, -1))
  })
})

describe("issue 29 item 5: sync --to with sslmode=require", () => {
  it("says one line of its own instead of the driver's ten-line warning", async () => {
    const sb = sandbox()
    // Nothing listens on port 1: the push fails after the URL was read, as the driver would read it.
    const r = await sb.runAsync(["sync", "--to", "postgres://skc@127.0.0.1:1/team?sslmode=require"])
    expect(r.stderr).not.toContain("SECURITY WARNING")
    expect(r.stderr).not.toContain("uselibpqcompat")
    const warnings = r.stderr.split("\n").filter((l) => l.startsWith("warning"))
    expect(warnings).toEqual([
      "warning: sslmode=require in the team database URL is treated as sslmode=verify-full (the server's certificate and host name are verified); write sslmode=verify-full to silence this"
    ])
  })
})

describe("a project whose directory name holds a newline (a paths probe)", () => {
  it("-v's lines and list's skipping warning stay one line each, the newline escaped", async () => {
    const sb = sandbox()
    const root = join(sb.work, "nl\ndir")
    writeTree(join(root, ".skillc", "skills", "n"), { "SKILL.md": skillMd("n") })
    writeTree(join(root, ".skillc", "skills", "bad"), { "SKILL.md": "---\nname: [bad\n---\n# bad\n" })
    expect((await sb.runAsync(["build", "n"], root)).code).toBe(0)
    const shown = await sb.runAsync(["show", "n", "--section", "n", "-v"], root)
    expect(shown.code, shown.stderr).toBe(0)
    const lines = shown.stderr.split("\n").filter((l) => l !== "")
    expect(lines.length).toBeGreaterThan(0)
    for (const l of lines) expect(l, shown.stderr).toMatch(/^(skc: |warning|  )/)
    expect(shown.stderr).toContain("nl\\ndir")
    const listed = await sb.runAsync(["list"], root)
    expect(listed.stderr).toContain("nl\\ndir/.skillc/skills/bad")
    expect(listed.stderr).not.toContain("nl\ndir")
  })
})
