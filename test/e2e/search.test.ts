// `skc search` and `skc show` as processes (RFC-0004, RFC-0002:C-SHOW): one
// smoke test of each command's output and exit status, and the kill test of
// the index build. Their behaviour is tested in process in
// test/app/searchShow.test.ts.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { BIN, sandbox } from "../helpers/cli.js"
import { buildIndex } from "../helpers/indexer.js"

const SKILL_MD = "---\nname: demo\ndescription: A demo skill for tests\n---\n\n# Demo\n\nIntro.\n\n## Getting Started\n\nConfigure the authentication token first.\n\n## Setup\n\nSetup with rebase.\n"
const E002 = "error[E002]: search index unusable; run 'skc build demo' to rebuild\n"

describe("skc search and skc show (smoke)", () => {
  const s = sandbox()
  const dir = join(s.work, ".skillc", "skills", "demo")
  mkdirSync(join(dir, "references"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), SKILL_MD)
  writeFileSync(join(dir, "references", "glossary.txt"), "Glossary: a rebase rewrites history.\n")

  it("RFC-0004:C-SEARCH RFC-0002:C-SHOW E002 before a build; text and JSON output after; exit statuses", async () => {
    expect(await s.runAsync(["search", "demo", "rebase"])).toEqual({ code: 1, stdout: "", stderr: E002 })
    expect((await s.runAsync(["show", "demo", "--section", "Setup"])).stderr).toBe(E002)
    await buildIndex("demo", { cwd: s.work, home: s.home })

    const text = await s.runAsync(["search", "demo", "rebase"])
    expect(text.code).toBe(0)
    expect(text.stderr).toBe("")
    expect(text.stdout).toMatch(/^(SKILL\.md#Setup|references\/glossary\.txt) \(score: \d+\.\d+\)\n  .*\[MATCH\]rebase\[\/MATCH\]/)
    expect(text.stdout).toContain("references/glossary.txt (score: ")
    const json = await s.runAsync(["search", "demo", "rebase", "--format", "json", "--limit", "1"])
    expect(JSON.parse(json.stdout)).toMatchObject({ query: "rebase", results: [{ score: expect.any(Number) }] })
    expect(await s.runAsync(["search", "demo", "zebra"])).toMatchObject({ code: 0, stderr: "" })

    expect(await s.runAsync(["show", "demo", "--section", "setup", "--max-lines", "1"])).toEqual({
      code: 0,
      stdout: "## Setup\n... (2 more lines)\n",
      stderr: ""
    })
    const shown = JSON.parse((await s.runAsync(["show", "demo", "--section", "Setup", "--format", "json"])).stdout)
    expect(shown).toMatchObject({ skill: "demo", file: "SKILL.md", section: "Setup", truncated: false })
    expect(await s.runAsync(["show", "demo", "--section", "zzz"])).toEqual({ code: 1, stdout: "", stderr: "error[E020]: section not found: 'zzz'\n" })
  })

  it("RFC-0005 E004, E001 and E100 (bad --limit, --format, --max-lines, missing --section) from the command line", async () => {
    expect(await s.runAsync(["search", "demo", " \t "])).toEqual({ code: 1, stdout: "", stderr: "error[E004]: empty query\n" })
    expect((await s.runAsync(["search", "nope", "x"])).stderr).toBe("error[E001]: skill 'nope' not found\n")
    for (const args of [
      ["search", "demo", "setup", "--limit", "0"],
      ["search", "demo", "setup", "--limit", "x"],
      ["search", "demo", "x", "--format", "yaml"],
      ["show", "demo", "--section", "Setup", "--max-lines", "0"],
      ["show", "demo"]
    ]) {
      const r = await s.runAsync(args)
      expect(r.code, args.join(" ")).toBe(1)
      expect(r.stderr, args.join(" ")).toMatch(/^error\[E100\]: invalid option: /)
    }
  })
})

describe("RFC-0004:C-INDEX through skc build", () => {
  const s = sandbox()
  const dir = join(s.work, ".skillc", "skills", "big")
  mkdirSync(join(dir, "references"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), "---\nname: big\ndescription: A large skill for kill tests\n---\n# Big\n\nIntro.\n")
  const words = "agent skill section heading compile stub manifest runtime deploy symlink gateway outline".split(" ")
  for (let i = 0; i < 150; i++) {
    let text = `# Reference ${i}\n\n`
    for (let sct = 0; sct < 20; sct++) {
      text += `## Part ${i}.${sct}\n\n`
      for (let l = 0; l < 15; l++) text += `${words[(i + sct + l) % words.length]} ${words[(i * 7 + l) % words.length]} line ${l} of part ${sct}.\n`
    }
    writeFileSync(join(dir, "references", `ref-${String(i).padStart(3, "0")}.md`), text)
  }

  it("RFC-0004:C-INDEX skc build creates the index, skips an up-to-date one, and search/show answer", async () => {
    const a = await s.runAsync(["build", "big", "-v"])
    expect(a.code).toBe(0)
    expect(a.stderr).toContain("search index created")
    const b = await s.runAsync(["build", "big", "-v"])
    expect(b.stderr).toContain("search index up-to-date")
    const r = await s.runAsync(["search", "big", "compile", "--format", "json", "--limit", "3"])
    expect(JSON.parse(r.stdout).results.length).toBe(3)
    const shown = await s.runAsync(["show", "big", "--section", "Part 7.3", "--format", "json"])
    expect(JSON.parse(shown.stdout)).toMatchObject({ file: "references/ref-007.md", section: "Part 7.3" })
  })

  it("RFC-0004:C-INDEX a build killed at any moment leaves the old index or a complete new one", async () => {
    writeFileSync(join(dir, "references", "ref-149.md"), "# Reference 149\n\n## Zebra\n\nzebraword appears here once.\n")
    const meta = join(s.work, ".skillc", "runtime", "big", ".skillc-meta")
    for (const delay of [30, 250, 600, 1000, 1300, 1600, 2000, 3000]) {
      const child = spawn(process.execPath, [BIN, "build", "big"], {
        cwd: s.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, SKILLC_HOME: s.home, NO_COLOR: "1" },
        stdio: "ignore"
      })
      const exited = new Promise((r) => child.on("close", r))
      await new Promise((r) => setTimeout(r, delay))
      child.kill("SIGKILL")
      await exited
      const r = await s.runAsync(["search", "big", "zebraword", "--format", "json"])
      if (r.code === 0) {
        // A complete new index: exactly the new section and its parent.
        expect(JSON.parse(r.stdout).results.map((x: { section: string }) => x.section).sort(), `delay ${delay}`).toEqual(["Reference 149", "Zebra"])
      } else {
        expect(r.stderr, `delay ${delay}`).toBe("error[E002]: search index unusable; run 'skc build big' to rebuild\n")
      }
      expect(readdirSync(meta).filter((f) => f.startsWith("search-")).length).toBe(1)
    }
    expect((await s.runAsync(["build", "big"])).code).toBe(0)
    expect(JSON.parse((await s.runAsync(["search", "big", "zebraword", "--format", "json"])).stdout).results.length).toBe(2)
  })
})
