// Issue 15 item 5: `skc <cmd> --help` reads like a real CLI's help, written from the command specs.
import { describe, expect, it } from "vitest"
import { commandSpecs } from "../../src/commands/index.js"
import { mcpHelp } from "../../src/commands/mcp.js"
import type { Arg, Flag } from "../../src/commands/spec.js"
import { renderCommandHelp, renderRootHelp, wantsHelp } from "../../src/cli/help.js"
import { sandbox } from "../helpers/cli.js"

const topics = [...commandSpecs, mcpHelp]
const BUILT_INS = /--wizard|--log-level|--completions|A user-defined piece of text|This setting is optional/

describe("skc <command> --help", () => {
  for (const topic of topics) {
    it(`${topic.name}: usage, every argument and flag with its help and allowed values, two examples`, () => {
      const text = renderCommandHelp(topic)
      expect(text.startsWith(`skc ${topic.name} — `)).toBe(true)
      expect(text).toMatch(new RegExp(`^Usage: skc ${topic.name}( |$)`, "m"))
      for (const a of Object.values(topic.args as Record<string, Arg>)) {
        expect(text).toContain(`<${a.name}>`)
        expect(text).toContain(a.help)
      }
      for (const f of Object.values(topic.flags as Record<string, Flag>)) {
        const line = text.split("\n").find((l) => l.includes(`--${f.name}`) && l.includes(f.help))
        expect(line, `--${f.name}`).toBeDefined()
        if (f.alias !== undefined) expect(line).toContain(`-${f.alias}, --${f.name}`)
        for (const v of f.choices ?? []) expect(line).toContain(v)
        if (f.default !== undefined) expect(line).toContain(`default: ${f.default}`)
      }
      expect(text).toContain("-h, --help")
      const examples = text.slice(text.indexOf("\nExamples:\n")).split("\n").filter((l) => l.startsWith(`  skc ${topic.name}`))
      expect(examples.length).toBeGreaterThanOrEqual(2)
      expect(text).not.toMatch(BUILT_INS)
      expect(text).not.toMatch(/RFC-\d|\u001b\[/)
    })
  }

  it("stats --include-author names everything it adds: eval calls and the author's reads at a terminal too (DECISIONS #45)", () => {
    // It said "build, lint and stats calls": the eval rows and the author's own reads it also counts were not said.
    const line = renderCommandHelp(topics.find((t) => t.name === "stats")!).split("\n").find((l) => l.includes("--include-author"))!
    expect(line).toContain("build, lint, stats and eval calls, and reads made at a terminal")
  })

  it("build --target gives the default build uses: the config's [build] targets, else claude (DECISIONS #51)", () => {
    // "Default: claude." was false in a project whose config sets [build] targets: build deploys to those.
    const line = renderCommandHelp(topics.find((t) => t.name === "build")!).split("\n").find((l) => l.includes("--target"))!
    expect(line).toContain("Default: the config's [build] targets, else claude.")
  })

  it("search and show do not send an agent to build a skill skc indexes on first use (one in an agent directory)", () => {
    // "(run 'skc build' first)" led to `skc build pdf` on a foreign skill: E001, and an adoption that rewrites it.
    for (const name of ["search", "show"]) {
      const first = renderCommandHelp(topics.find((t) => t.name === name)!).split("\n")[0]!
      expect(first, name).toContain("(a store skill after 'skc build'; others indexed on first use)")
    }
  })

  it("the root page lists every command and documents completions, without the framework's other built-ins", () => {
    const text = renderRootHelp(topics, "1.2.3")
    expect(text).toMatch(/^Usage: skc <command>/m)
    for (const t of topics) expect(text).toMatch(new RegExp(`^  ${t.name} +\\S`, "m"))
    expect(text).toContain("--completions <shell>")
    expect(text).not.toMatch(/--wizard|--log-level/)
  })

  it("-h and --help before `--` ask for help", () => {
    expect(wantsHelp(["show", "s", "--help"])).toBe(true)
    expect(wantsHelp(["-h"])).toBe(true)
    expect(wantsHelp(["search", "s", "--", "--help"])).toBe(false)
    expect(wantsHelp(["show", "s"])).toBe(false)
  })

  it("end to end: skc show --help, skc --help and skc with no arguments exit 0; an unknown command is E100", () => {
    const s = sandbox()
    const show = s.run(["show", "--help"])
    expect(show.code).toBe(0)
    expect(show.stdout).toBe(renderCommandHelp(commandSpecs.find((c) => c.name === "show")!))
    expect(show.stderr).toBe("")
    for (const args of [["--help"], []]) {
      const root = s.run(args)
      expect(root.code).toBe(0)
      expect(root.stdout).toMatch(/^Usage: skc <command>/m)
    }
    const unknown = s.run(["frobnicate", "--help"])
    expect(unknown.code).toBe(1)
    expect(unknown.stdout).toBe("")
    expect(unknown.stderr).toMatch(/^error\[E100\]: invalid option: /)
    const completions = s.run(["--completions", "bash"])
    expect(completions.code).toBe(0)
    expect(completions.stdout).toContain("skc")
  })
})
