// `skc build` as a process: what it prints and its exit statuses (RFC-0001,
// RFC-0007:C-COMMANDS build and import, RFC-0005). The behaviour (runtime
// contents, manifest, stub, deployment, import) is tested in process in
// test/app/build.test.ts.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: A skill for tests. Use when testing.\n---\n\n# Title\n\n## Part\n`

const put = (root: string, rel: string, data: string) => {
  mkdirSync(join(root, rel, ".."), { recursive: true })
  writeFileSync(join(root, rel), data)
}

describe("skc build (smoke)", () => {
  it("RFC-0001:C-OUTPUT prints Source/Runtime/Deploy; --format json; --copy and --force say what they did", async () => {
    const sb = sandbox()
    put(join(sb.work, ".skillc", "skills", "demo"), "SKILL.md", SKILL("demo"))
    const r = await sb.runAsync(["build", "demo"])
    expect(r).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        "Built demo",
        `  Source:  ${join(sb.work, ".skillc/skills/demo")} (project)`,
        `  Runtime: ${join(sb.work, ".skillc", "runtime", "demo")} (project)`,
        `  Deploy:  claude -> ${join(sb.home, ".claude/skills/demo")} (symlink)`,
        ""
      ].join("\n")
    })
    const json = await sb.runAsync(["build", "demo", "--format", "json"])
    expect(JSON.parse(json.stdout)).toMatchObject({ skill: "demo", scope: "project", deployments: [{ target: "claude", method: "symlink" }] })
    expect((await sb.runAsync(["build", "demo", "--copy"])).stdout).toContain("(copy)")
    const other = join(sb.home, ".cursor/skills/demo")
    put(other, "SKILL.md", "hand-made")
    const refused = await sb.runAsync(["build", "demo", "--target", "cursor"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe(`error: '${other}' already exists and is not a link made by skc\n  use --force to replace it (its contents will be deleted)\n`)
    expect((await sb.runAsync(["build", "demo", "--target", "cursor", "--force"])).stdout).toContain(
      `Deploy:  cursor -> ${other} (symlink, replaced with --force)`
    )
  })

  it("RFC-0007:C-COMMANDS a path is imported first (Imported … line); a second import is E050 with its hint; --force says (replaced)", async () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, ".skillc"), { recursive: true })
    const src = join(sb.root, "demo")
    put(src, "SKILL.md", SKILL("demo"))
    const r = await sb.runAsync(["build", src])
    expect(r.code).toBe(0)
    expect(r.stdout.split("\n")[0]).toBe(`Imported ${src} -> ${join(sb.work, ".skillc/skills/demo")}`)
    const again = await sb.runAsync(["build", src])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/^error\[E050\]: skill 'demo' already exists\n {2}.*--force.*\n$/)
    expect((await sb.runAsync(["build", src, "--force"])).stdout).toContain("(replaced)")
  })

  it("RFC-0005 E011 with the parser line, E001, E100 for a bad flag or format: stderr only, exit 1", async () => {
    const sb = sandbox()
    put(join(sb.work, ".skillc", "skills", "demo"), "SKILL.md", "---\nname: [unclosed\ndescription: d\n---\n")
    const r = await sb.runAsync(["build", "demo"])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/^error\[E011\]: missing frontmatter field 'name' in SKILL\.md\n {2}\S.*line \d+.*\n$/)
    expect(await sb.runAsync(["build", "nope"])).toEqual({ code: 1, stdout: "", stderr: "error[E001]: skill 'nope' not found\n" })
    for (const args of [["--bogus"], ["--format", "yaml"]]) {
      const bad = await sb.runAsync(["build", "demo", ...args])
      expect(bad.code).toBe(1)
      expect(bad.stderr).toMatch(/^error\[E100\]/)
    }
  })
})
