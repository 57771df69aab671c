/**
 * DECISIONS #51 (a profile models the agent's listing), checked against the
 * real client: test/fixtures/codex-listing/codex-0.171.0.json holds the
 * lines Codex 0.171.0 rendered for its model (`codex debug prompt-input`,
 * the command is in the file) for the skills of
 * test/fixtures/codex-listing/project at five context windows: whole, cut
 * alike one character at a time, and past the bare lines left out. For the
 * same skills and windows, `skc prompt --agent codex --context-tokens <w>`
 * must list the same skills in the same order with the same (cut) texts.
 * The fixture includes a description in French (bytes count, not
 * characters), a block-scalar description (one line), a skill in a grouping
 * folder, a manual-only skill (`agents/openai.yaml`) and a policy file Codex
 * ignores (`allow_implicit_invocation: no`).
 */
import { cpSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"

const FIXTURE = join(ROOT, "test", "fixtures", "codex-listing")
const recorded = JSON.parse(readFileSync(join(FIXTURE, "codex-0.171.0.json"), "utf8")) as { windows: Record<string, ReadonlyArray<string>> }

/** `- name: text (file: path)` → [name, text] ("" for a bare line). */
const entryOf = (line: string): readonly [string, string] => {
  const m = /^- ([^:]+): (.*?) ?\(file: [^)]*\)$/.exec(line)
  if (m === null) throw new Error(`not a listing line: ${line}`)
  return [m[1]!, m[2]!] as const
}

describe("skc's Codex listing against Codex 0.171.0's own (DECISIONS #51)", () => {
  const sb = sandbox()
  cpSync(join(FIXTURE, "project"), sb.work, { recursive: true })

  for (const [window, lines] of Object.entries(recorded.windows)) {
    it(`--context-tokens ${window}: the same skills, order and texts as Codex rendered`, async () => {
      const r = await sb.runAsync(["prompt", "--agent", "codex", "--context-tokens", window, "--format", "json"])
      expect(r.code, r.stderr).toBe(0)
      const doc = JSON.parse(r.stdout) as { skills: ReadonlyArray<{ name: string; description: string | null }> }
      const ours = doc.skills.map((s) => [s.name, s.description ?? ""] as const)
      expect(ours).toEqual(lines.map(entryOf))
    })
  }

  it("the manual-only skill is reported as such, and the one whose policy Codex ignores is listed", async () => {
    const b = JSON.parse((await sb.runAsync(["budget", "--agent", "codex", "--context-tokens", "3000", "--format", "json"])).stdout)
    expect(b.manual_only).toEqual(["manual-only"])
    expect(b.omitted).toEqual(["pdf-forms", "release-notes", "sql-review"])
    expect(b.used_tokens).toBeLessThanOrEqual(60)
    // Past the shortening, one more skill is left out too: the text says so, not that descriptions would shrink.
    const text = (await sb.runAsync(["budget", "--agent", "codex", "--context-tokens", "3000"])).stdout
    expect(text).toContain("OpenAI Codex already leaves 3 skill(s) out: it would leave one more out")
  })

  describe("with the user's skills: Codex's root order, and both copies of a name", () => {
    const home = sandbox()
    const withHome = JSON.parse(readFileSync(join(FIXTURE, "with-home", "codex-0.171.0.json"), "utf8")) as { windows: Record<string, ReadonlyArray<string>> }
    cpSync(join(FIXTURE, "with-home", "project"), home.work, { recursive: true })
    cpSync(join(FIXTURE, "with-home", "home"), home.home, { recursive: true })

    for (const [window, lines] of Object.entries(withHome.windows)) {
      it(`--context-tokens ${window}: repository, then user skills, each copy of 'dup' listed, as Codex rendered`, async () => {
        const r = await home.runAsync(["prompt", "--agent", "codex", "--context-tokens", window, "--format", "json"])
        expect(r.code, r.stderr).toBe(0)
        const doc = JSON.parse(r.stdout) as { skills: ReadonlyArray<{ name: string; description: string | null }> }
        expect(doc.skills.map((s) => [s.name, s.description ?? ""] as const)).toEqual(lines.map(entryOf))
      })
    }

    it("discover calls the user's copy of 'dup' also listed, not shadowed: Codex lists both", async () => {
      const doc = JSON.parse((await home.runAsync(["discover", "--agent", "codex", "--format", "json"])).stdout)
      expect(doc.shadowed.map((s: { name: string; scope: string; also_listed?: boolean }) => [s.name, s.scope, s.also_listed])).toEqual([["dup", "user", true]])
      const text = (await home.runAsync(["discover", "--agent", "codex"])).stdout
      expect(text).toContain("Also listed (codex lists every copy of a name")
      expect(text).not.toContain("Shadowed:")
    })

    it("list shows every name that resolves, those with an unquoted ': ' in their description too", async () => {
      const listed = JSON.parse((await home.runAsync(["list", "--format", "json"])).stdout)
      expect(listed.skills.map((s: { name: string }) => s.name).sort()).toEqual(["alpha", "beta", "dup", "legacy"])
    })
  })
})
