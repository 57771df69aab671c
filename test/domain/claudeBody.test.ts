// What Claude Code does to the SKILL.md body it loads (src/domain/agents/claudeBody.ts): argument
// placeholders, the headings it substitutes in a compiled stub (RFC-0001:C-STUB, RFC-0002:C-SHOW's
// "queries copied from compiled stubs"), and the `!` shell commands a stub cannot carry (DECISIONS #51).
import { describe, expect, it } from "@effect/vitest"
import { argumentNames, argumentPattern, headingWithArguments, shellInjectionNotice, shellInjections, usesArguments } from "../../src/domain/agents/claudeBody.js"
import { matchSectionWithArguments } from "../../src/domain/search/sectionMatch.js"
import { renderStub } from "../../src/domain/stub.js"

const fold = (s: string) => s.toLowerCase()
const matches = (heading: string, query: string, names: ReadonlyArray<string> = []) => headingWithArguments(heading, names, fold)?.(fold(query))

describe("Claude Code's argument placeholders", () => {
  it("finds $ARGUMENTS, $ARGUMENTS[N], $N and declared names, not an escaped or embedded dollar", () => {
    expect(usesArguments("Deploy $ARGUMENTS now", [])).toBe(true)
    expect(usesArguments("take $ARGUMENTS[1]", [])).toBe(true)
    expect(usesArguments("version $1", [])).toBe(true)
    expect(usesArguments("to $env", ["env"])).toBe(true)
    expect(usesArguments("to $env", [])).toBe(false)
    expect(usesArguments("costs \\$5 or US$5 or $$1", [])).toBe(false)
    expect(usesArguments("$ARGUMENTSX and $1a", [])).toBe(false)
  })

  it("reads `arguments` as a string or a list, each name once", () => {
    expect(argumentNames({ arguments: "env  version env" })).toEqual(["env", "version"])
    expect(argumentNames({ arguments: ["env", 3, "region"] })).toEqual(["env", "region"])
    expect(argumentNames({})).toEqual([])
  })

  it("a longer name is not read as a shorter one", () => {
    expect([..."$old-name and $old".matchAll(argumentPattern(["old", "old-name"]))].map((m) => m[4])).toEqual(["old-name", "old"])
  })
})

describe("a heading as Claude Code prints it with arguments", () => {
  it("each placeholder stands for any text, empty included; the rest must match", () => {
    expect(matches("Deploy $0", "Deploy staging")).toBe(true)
    expect(matches("Steps for $ARGUMENTS", "steps for staging v1")).toBe(true)
    expect(matches("Steps for $ARGUMENTS", "Steps for ")).toBe(true)
    // Invoked with no arguments, the heading prints as "Steps for " and is asked for trimmed.
    expect(matches("Steps for $ARGUMENTS", "Steps for")).toBe(true)
    expect(matches("$0 deploy", "deploy")).toBe(true)
    expect(matches("Steps for $ARGUMENTS", "Step")).toBe(false)
    expect(matches("$0 to $1", "v1 to prod")).toBe(true)
    expect(matches("$0 to $1", "v1 into prod")).toBe(false)
    expect(matches("Deploy $0", "Redeploy staging")).toBe(false)
    expect(matches("Region $region", "Region eu", ["region"])).toBe(true)
    expect(matches("Region $region", "Region eu")).toBeUndefined()
  })

  it("a heading without placeholders has no such form", () => {
    expect(headingWithArguments("Deploy", [])).toBeUndefined()
  })

  it("literals are matched in order and without overlap, at any query length", () => {
    expect(matches("a $0 a $1 a", "a x a y a")).toBe(true)
    expect(matches("a $0 a $1 a", "a  a  a")).toBe(true)
    expect(matches("a $0 a $1 a", "a a a")).toBe(false)
    expect(matches("ab $0 ba", "ab ba")).toBe(false)
    const many = Array.from({ length: 40 }, (_, i) => `$${i}`).join(" x ")
    expect(matches(many, `${" x ".repeat(39)}`)).toBe(true)
    expect(matches(many, " x".repeat(2000))).toBe(true)
    expect(matches(`${many} end`, " x".repeat(2000))).toBe(false)
    expect(matches(many, " x".repeat(3000))).toBe(false)
  })

  it("RFC-0002:C-SHOW finds the heading in outline order, the whole query before the part before ' — '", () => {
    const h = (file: string, text: string, start_line: number) => ({ file, text, level: 2, start_line, end_line: start_line + 5 })
    const all = [h("references/b.md", "Deploy $0", 1), h("SKILL.md", "Deploy $0", 10), h("SKILL.md", "Deploy", 3)]
    const found = matchSectionWithArguments(all, "deploy staging", undefined, [])
    expect(found?.heading).toMatchObject({ file: "SKILL.md", start_line: 10 })
    expect(found?.matches).toBe(2)
    expect(matchSectionWithArguments(all, "Deploy staging — the description", undefined, [])?.heading.file).toBe("SKILL.md")
    expect(matchSectionWithArguments(all, "deploy staging", "references/b.md", [])?.heading.file).toBe("references/b.md")
    expect(matchSectionWithArguments(all, "deploy staging", undefined, [], 12)?.all.length).toBe(1)
    expect(matchSectionWithArguments(all, "undeploy staging", undefined, [])).toBeUndefined()
  })
})

describe("RFC-0001:C-STUB a stub for a skill that takes arguments", () => {
  const base = { name: "deploy", description: "Deploy it.", skill: "deploy", main: [{ level: 1 as const, text: "Deploy $0" }], references: [] }

  it("carries $ARGUMENTS once, and its explanation names no placeholder Claude Code would replace", () => {
    const stub = renderStub({ ...base, arguments: { names: ["env", "version"], hint: "[env] [version]" } })
    const block = stub.slice(stub.indexOf("## Arguments"), stub.indexOf("## Top Sections"))
    expect(block).toContain("(env, version)")
    expect(block).toContain("([env] [version])")
    expect([...block.matchAll(argumentPattern(["env", "version"]))].map((m) => m[0])).toEqual(["$ARGUMENTS"])
  })

  it("a skill whose body takes none has no such section", () => {
    expect(renderStub(base)).not.toContain("## Arguments")
  })
})

describe("the `!` shell commands Claude Code runs when it loads SKILL.md", () => {
  it("inline after a blank or at a line's start, and fenced blocks opened with ```!", () => {
    const body = ["Branch: !`git branch --show-current`", "!`date`", "not a!`cmd`", "", "```!", "git status", "git log -1", "```", "after"].join("\n")
    expect(shellInjections(body, 7)).toEqual([
      { line: 7, command: "git branch --show-current" },
      { line: 8, command: "date" },
      { line: 11, command: "git status\ngit log -1" }
    ])
  })

  it("the notice names three commands, counts the rest and says the stub does not run them", () => {
    const text = shellInjectionNotice("deploy", [1, 2, 3, 4].map((line) => ({ line, command: `echo ${line}` })))
    expect(text).toContain("'echo 3' (line 3), and 1 more")
    expect(text).toMatch(/^deploy: SKILL.md has 4 shell commands .*RFC-0001:C-STUB/)
    expect(shellInjectionNotice("deploy", [{ line: 9, command: "x".repeat(200) }])).toMatch(/'x{59}…' \(line 9\)/)
  })
})
