// A new user follows README.md from the top (Five minutes, then each
// command of "Commands"): what they type and what skc answers must agree
// with what the README and `--help` say. Each case here is something such
// a walk-through found.
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("README walk-through", () => {
  it("`skc build --watch` outside a project names --watch, not --all, in its refusal", async () => {
    const sb = sandbox()
    const watch = await sb.runAsync(["build", "--watch"])
    expect(watch.code).toBe(1)
    const lines = watch.stderr.split("\n")
    expect(lines[0]).toBe("error: --watch: no skillc project here (no .skillc/ in this directory or above)")
    expect(lines[1]).toContain("use --global --watch for the global store, or run skc init")
    expect(watch.stderr).not.toContain("--all")
    // --all keeps its own wording.
    const all = await sb.runAsync(["build", "--all"])
    expect(all.code).toBe(1)
    expect(all.stderr.split("\n")[0]).toBe("error: --all: no skillc project here (no .skillc/ in this directory or above)")
    expect(all.stderr).toContain("use --global --all for the global store")
  })

  it("`skc list --help` says --verbose adds the SOURCE column (README: `--verbose adds the SOURCE column`)", async () => {
    const sb = sandbox()
    const help = (await sb.runAsync(["list", "--help"])).stdout
    const verboseLine = help.split("\n").find((l) => l.includes("--verbose"))
    expect(verboseLine).toBeDefined()
    expect(verboseLine).toContain("SOURCE column")
    // What the help says is what list does: the flag adds the column, SKC_VERBOSE=1 alone does not.
    mkdirSync(join(sb.work, ".skillc", "skills", "one"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "one", "SKILL.md"), "---\nname: one\ndescription: One skill. Use when testing.\n---\n# One\n")
    const flagged = await sb.runAsync(["list", "--verbose"])
    expect(flagged.stdout.split("\n")[0]).toMatch(/^SKILL\s+SCOPE\s+STATUS\s+SOURCE$/)
    expect(flagged.stderr).toContain("skc: project root:")
    const env = await sb.runAsync(["list"], sb.work, { SKC_VERBOSE: "1" })
    expect(env.stdout.split("\n")[0]).toMatch(/^SKILL\s+SCOPE\s+STATUS$/)
    expect(env.stderr).toContain("skc: project root:")
  })

  it("`skc init` in the home directory: its .skillc is the global store, never a project (DECISIONS #14); nothing says otherwise and no ~/.gitignore is written", async () => {
    const sb = sandbox()
    const project = await sb.runAsync(["init"], sb.home)
    expect(project.code).toBe(0)
    expect(project.stderr).toContain(`warning: ${sb.home} is a home directory: its .skillc/ is the global store, never a project`)
    expect(existsSync(join(sb.home, ".skillc", "skills"))).toBe(true)
    expect(project.stdout).toBe(`Created the global store at ${join(sb.home, ".skillc")} (a home directory is never a project)\n`)
    const again = await sb.runAsync(["init"], sb.home)
    expect(again.stdout).toBe(`The global store is at ${join(sb.home, ".skillc")} (a home directory is never a project)\n`)
    expect(existsSync(join(sb.home, ".gitignore"))).toBe(false)

    const named = await sb.runAsync(["init", "from-home"], sb.home)
    expect(named.code).toBe(0)
    expect(named.stdout).toBe(`Created global skill 'from-home' at ${join(sb.home, ".skillc", "skills", "from-home")}/SKILL.md\n`)
    expect(existsSync(join(sb.home, ".gitignore"))).toBe(false)
    const listed = await sb.runAsync(["list", "--format", "json"], sb.home)
    expect(JSON.parse(listed.stdout).skills).toMatchObject([{ name: "from-home", scope: "global" }])

    // Under another SKILLC_HOME, the real home's .skillc/ is read by nothing: the skill goes to the global store.
    const real = join(sb.root, "real-home")
    mkdirSync(real)
    const elsewhere = await sb.runAsync(["init", "other-skill"], real, { HOME: real })
    expect(elsewhere.code).toBe(0)
    expect(elsewhere.stdout).toContain("Created global skill 'other-skill'")
    expect(existsSync(join(sb.home, ".skillc", "skills", "other-skill", "SKILL.md"))).toBe(true)
    expect(existsSync(join(real, ".skillc"))).toBe(false)
    expect(existsSync(join(real, ".gitignore"))).toBe(false)
    // A bare `skc init` there makes nothing (it said "Initialized skillc project", then that it was none).
    const bare = await sb.runAsync(["init"], real, { HOME: real })
    expect(bare.code).toBe(1)
    expect(bare.stdout).toBe("")
    expect(bare.stderr).toBe(
      `error: ${real} is a home directory: its .skillc/ is not read by skc (the global store is ${join(sb.home, ".skillc")}), never a project\n` +
        "  make a project in a directory of its own (mkdir webapp && cd webapp && skc init), or create a global skill with 'skc init <name> --global'\n"
    )
    expect(existsSync(join(real, ".skillc"))).toBe(false)
  })

  it("`skc -v list` (README: `-v` prints resolved paths): the refusal says the option goes after the command", async () => {
    const sb = sandbox()
    const v = await sb.runAsync(["-v", "list"])
    expect(v.code).toBe(1)
    const lines = v.stderr.split("\n")
    expect(lines[0]).toMatch(/^error\[E100\]: invalid option: Invalid subcommand for skc\b/)
    expect(lines[1]).toBe("  options go after the command: skc list -v")
    const format = await sb.runAsync(["--format", "json", "list", "--limit", "2"])
    expect(format.code).toBe(1)
    expect(format.stderr.split("\n")[1]).toBe("  options go after the command: skc list --format json --limit 2")
    // As suggested, it runs.
    expect((await sb.runAsync(["list", "-v"])).code).toBe(0)
    // A misspelt command keeps its own suggestion.
    expect((await sb.runAsync(["lsit"])).stderr).toContain("list")
    // A skill's name before the command (sixty-sixth pass probe: the list of commands alone).
    const swapped = await sb.runAsync(["deploy-notes", "outline", "--format", "json"])
    expect(swapped.code).toBe(1)
    expect(swapped.stderr.split("\n")[1]).toBe("  the command comes first: skc outline deploy-notes --format json")
  })
})
