// Issue 46 item 4: escaping control characters (src/domain/visible.ts)
// applies to values, never to a view's own layout. Every text view renders
// a skill whose description, heading, logged queries and checked requests
// hold ESC, CR and LF; its output has exactly as many lines as the same
// view of a twin skill whose values hold none, and no raw ESC or CR.
// (`skc discover` once printed its whole table as one line with literal
// `\n`; `skc permissions --check` did until this test.) `skc prompt`
// escapes the values of its XML at a terminal; its JSON keeps the block as
// the agent's model receives it.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const CTL = "\u001b[31m\r\n"

/** A project with skill `a` built, its values holding `ctl` (hostile) or spaces of no consequence (clean). */
const world = async (ctl: string) => {
  const sb = sandbox()
  const plain = ctl === "" ? " q " : ctl
  const yaml = ctl === "" ? " x " : "\\e[31m\\r\\n"
  const dir = join(sb.work, ".skillc", "skills", "a")
  mkdirSync(join(dir, "references"), { recursive: true })
  writeFileSync(
    join(dir, "SKILL.md"),
    `---\nname: a\ndescription: "Fill PDF forms.${yaml}Use when asked to fill a form."\nallowed-tools: Read\n---\n# A\n\n## Usage ${ctl === "" ? "x" : "\u001b[2J"} here\n\nFill the form. See [notes](references/notes.md).\n`
  )
  writeFileSync(join(dir, "references", "notes.md"), `# Notes ${ctl === "" ? "x" : "\u001b]0;t\u0007"}\n\nText.\n`)
  const built = await sb.runAsync(["build", "a"])
  expect(built.code, built.stderr).toBe(0)
  for (const q of [`usage${plain}form`, `zzz${plain}nothing`]) {
    await sb.runAsync(["search", "a", q], sb.work, { SKC_ROLE: "agent" })
  }
  await sb.runAsync(["show", "a", "--section", `missing${plain}section`], sb.work, { SKC_ROLE: "agent" })
  await sb.runAsync(["open", "a", `missing${plain}.md`], sb.work, { SKC_ROLE: "agent" })
  return { sb, plain }
}

const VIEWS: ReadonlyArray<(plain: string) => ReadonlyArray<string>> = [
  () => ["list", "-v"],
  () => ["discover"],
  () => ["match", "fill a pdf form"],
  (p) => ["permissions", "a", "--check", `Read${p}Write`, "--check", "Bash(ls)"],
  () => ["load", "a"],
  () => ["outline", "a"],
  () => ["sources", "a"],
  () => ["lint", "a"],
  () => ["budget"],
  (p) => ["search", "a", `usage${p}form`],
  () => ["stats", "a"],
  () => ["stats", "a", "--group-by", "sections"],
  () => ["stats", "a", "--group-by", "commands"],
  () => ["stats", "a", "--group-by", "errors"],
  () => ["stats", "a", "--group-by", "search"],
  () => ["stats", "a", "--group-by", "unanswered"],
  () => ["stats", "--all"],
  () => ["prompt"],
  () => ["build", "a"]
]

const lines = (s: string) => s.split("\n").length

describe("issue 46 item 4: control characters are escaped in values, never in a view's layout (issue 29 item 5)", () => {
  it("every text view has the line count of its clean twin and no raw ESC or CR", async () => {
    const [hostile, clean] = await Promise.all([world(CTL), world("")])
    let escaped = 0
    for (const view of VIEWS) {
      const env = { SKC_BENCH_DISABLE_LOG: "1" }
      const h = await hostile.sb.runAsync(view(hostile.plain), hostile.sb.work, env)
      const c = await clean.sb.runAsync(view(clean.plain), clean.sb.work, env)
      const name = view("…").join(" ")
      expect(h.code, `${name}: ${h.stderr}`).toBe(c.code)
      expect(h.stdout, name).not.toMatch(/[\u001b\r]/)
      expect(lines(h.stdout), `${name}\n${h.stdout}\n---\n${c.stdout}`).toBe(lines(c.stdout))
      if (h.stdout.includes("\\x1b")) escaped++
    }
    // the hostile values did reach the views, escaped
    expect(escaped).toBeGreaterThan(5)
  })
})
