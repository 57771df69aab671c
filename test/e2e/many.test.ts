// Many skills per call (issue 12, item 4): `skc build a b c`, `skc build --all`, `skc lint <dir>`.
import { existsSync, mkdirSync, readlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: A skill for tests. Use when testing.\n---\n\n# ${name}\n\n## Part\n\nText.\n`
const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

/** A project store with skills a, b, c and one broken skill (no description). */
const project = () => {
  const sb = sandbox()
  for (const n of ["a", "b", "c"]) put(join(sb.work, ".skillc/skills", n, "SKILL.md"), SKILL(n))
  put(join(sb.work, ".skillc/skills/broken/SKILL.md"), "---\nname: broken\n---\n# broken\n")
  return sb
}

describe("skc build with many skills", () => {
  it("build a b c: a line per skill, a total, exit 0", () => {
    const sb = project()
    const r = sb.run(["build", "a", "b", "c"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      [
        ...["a", "b", "c"].map((n) => `Built ${n} -> ${join(sb.work, ".claude/skills", n)} (symlink)`),
        "3 skills: 3 built, 0 failed",
        ""
      ].join("\n")
    )
    // DECISIONS #46: relative links inside the project.
    for (const n of ["a", "b", "c"]) expect(readlinkSync(join(sb.work, ".claude/skills", n))).toBe(`../../.skillc/runtime/${n}`)
    // Again with one edited: the others say they are unchanged (RFC-0004:C-INDEX step 5), in the text and the JSON.
    put(join(sb.work, ".skillc/skills/b/SKILL.md"), SKILL("b") + "\n## More\n\nEdited.\n")
    const again = sb.run(["build", "a", "b", "c"])
    expect(again.stdout).toBe(
      [
        `Built a (unchanged since the last build) -> ${join(sb.work, ".claude/skills/a")} (symlink)`,
        `Built b -> ${join(sb.work, ".claude/skills/b")} (symlink)`,
        `Built c (unchanged since the last build) -> ${join(sb.work, ".claude/skills/c")} (symlink)`,
        "3 skills: 3 built (2 unchanged), 0 failed",
        ""
      ].join("\n")
    )
    const json = JSON.parse(sb.run(["build", "a", "b", "c", "--format", "json"]).stdout) as { results: Array<{ result: { index: string } }> }
    expect(json.results.map((x) => x.result.index)).toEqual(["up-to-date", "up-to-date", "up-to-date"])
    expect(sb.run(["build", "a"]).stdout.split("\n")[0]).toBe("Built a (unchanged since the last build)")
  })

  it("build a broken c: the others still build, exit 1, the failure named with its code", () => {
    const sb = project()
    const r = sb.run(["build", "a", "broken", "c", "nosuch", "--format", "json"])
    expect(r.code).toBe(1)
    const doc = JSON.parse(r.stdout)
    expect(doc).toMatchObject({ total: 4, built: 2, failed: 2 })
    expect(doc.results.map((x: { skill: string; ok: boolean }) => [x.skill, x.ok])).toEqual([
      ["a", true],
      ["broken", false],
      ["c", true],
      ["nosuch", false]
    ])
    expect(doc.results[1].error.code).toBe("E011")
    expect(doc.results[3].error.message).toMatch(/^error\[E001\]:\ skill\ 'nosuch'\ not\ found(\n  .*)*$/)
    expect(existsSync(join(sb.work, ".skillc/runtime/c/SKILL.md"))).toBe(true)
  })

  it("build --all builds every project skill, reports the broken one and exits 1", () => {
    const sb = project()
    put(join(sb.home, ".skillc/skills/g/SKILL.md"), SKILL("g"))
    const r = sb.run(["build", "--all"])
    expect(r.code).toBe(1)
    // DECISIONS #39 for every multi-skill command (issue 25 item 4): the failure on stderr, built skills and the total on stdout.
    const lines = r.stdout.trimEnd().split("\n")
    expect(lines[0]).toBe(`Built a -> ${join(sb.work, ".claude/skills/a")} (symlink)`)
    expect(lines).toHaveLength(4)
    expect(r.stdout).not.toContain("broken")
    expect(r.stderr).toBe("Failed broken: error[E011]: missing frontmatter field 'description' in SKILL.md\n")
    expect(lines.at(-1)).toBe("4 skills: 3 built, 1 failed")
    // The global store is not part of a project --all.
    expect(existsSync(join(sb.home, ".skillc/runtime/g"))).toBe(false)
  })

  it("a skill that fails in a build of several keeps its error's advice (use --force), as a build of one prints it", () => {
    const sb = project()
    // A directory of the user's own where skc would link skill a.
    put(join(sb.work, ".claude/skills/a/notes.txt"), "mine")
    const one = sb.run(["build", "a"])
    expect(one.stderr).toContain("use --force to replace it")
    const r = sb.run(["build", "--all"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^Failed a: error: '.*\.claude\/skills\/a' already exists and is not a link made by skc\n {2}use --force to replace it \(its contents will be deleted\)\n/m)
  })

  it("build --all --global builds the global store into the global runtime, linked under home", () => {
    const sb = project()
    put(join(sb.home, ".skillc/skills/g/SKILL.md"), SKILL("g"))
    // Same name as a project skill: --global --all must take the global one.
    put(join(sb.home, ".skillc/skills/a/SKILL.md"), SKILL("a"))
    const r = sb.run(["build", "--all", "--global", "--format", "json"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout)
    expect(doc.results.map((x: { result: { source: string } }) => x.result.source)).toEqual([
      join(sb.home, ".skillc/skills/a"),
      join(sb.home, ".skillc/skills/g")
    ])
    expect(readlinkSync(join(sb.home, ".claude/skills/g"))).toBe(join(sb.home, ".skillc/runtime/g"))
  })

  it("RFC-0005 DECISIONS #32 build --all with names, or with nothing at all, is E100 with the exit status of every E100", () => {
    const sb = project()
    const unknownFlag = sb.run(["build", "a", "--no-such-flag"])
    expect(unknownFlag.stderr).toMatch(/^error\[E100\]: /)
    expect(sb.run(["build", "--all", "a"])).toMatchObject({ code: unknownFlag.code, stderr: "error[E100]: invalid option: 'give skill names or --all, not both'\n" })
    expect(sb.run(["build"])).toMatchObject({
      code: unknownFlag.code,
      stderr: "error[E100]: invalid option: 'missing argument <skill>: name one or more skills, or use --all'\n"
    })
  })
})

describe("skc lint <dir> over a folder of skills", () => {
  it("lints each skill folder, closing with N skills: E errors, W warnings", () => {
    const sb = sandbox()
    for (const n of ["alpha", "beta"]) put(join(sb.work, "skills", n, "SKILL.md"), SKILL(n))
    put(join(sb.work, "skills/gamma/SKILL.md"), "---\nname: gamma\n---\n# gamma\n")
    put(join(sb.work, "skills/README.md"), "not a skill")
    const r = sb.run(["lint", "skills"])
    expect(r.code).toBe(1)
    const out = r.stdout + r.stderr
    for (const n of ["alpha", "beta", "gamma"]) expect(out).toMatch(new RegExp(`^${n}: \\d+ errors?, \\d+ warnings?$`, "m"))
    expect(r.stdout.trimEnd().split("\n").at(-1)).toMatch(/^3 skills: [1-9]\d* errors?, \d+ warnings?$/)
    // Several skills at once: each diagnostic names its skill's folder, so the line says where it belongs.
    expect(r.stderr).toMatch(/^skills\/gamma\/SKILL\.md:\d+:\d+ error\[E300\]: SKL105 /m)
    for (const line of r.stderr.trimEnd().split("\n")) expect(line).toMatch(/^skills\/(alpha|beta|gamma)\/SKILL\.md:\d+:\d+ /)
    const json = JSON.parse(sb.run(["lint", "skills/", "--format", "json"]).stdout)
    expect(json.map((x: { skill: string }) => x.skill)).toEqual(["alpha", "beta", "gamma"])
  })

  it("a compiled skill in the folder is skipped and counted apart, not among the skills linted", () => {
    const sb = sandbox()
    for (const n of ["alpha", "beta"]) put(join(sb.work, "skills", n, "SKILL.md"), SKILL(n))
    put(join(sb.work, "skills/built/SKILL.md"), SKILL("built"))
    put(join(sb.work, "skills/built/.skillc-meta/manifest.json"), JSON.stringify({ skill: "built", version: 1, built_at: "2026-01-01T00:00:00Z", source_hash: "x", source_path: "/elsewhere" }))
    const r = sb.run(["lint", "skills"])
    expect(r.stdout).toContain("info: skipping compiled skill 'built'")
    expect(r.stdout.trimEnd().split("\n").at(-1)).toMatch(/^2 skills \(1 compiled skipped\): \d+ errors?, \d+ warnings?$/)
  })

  it("an empty directory stays E010", () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, "empty"))
    expect(sb.run(["lint", "empty"]).stderr).toBe("error[E010]: not a valid skill: 'empty' (missing SKILL.md)\n")
  })
})
