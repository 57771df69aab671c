// Issue 45 item 1 (high), lint SKL516 `tool-free-text-placement`: a
// free-text value is judged by where it stands in the template, not by a list
// of interpreters. Each of the attack run's templates linted with 0 errors
// before; now each is an error (SKL516, and SKL515 as the second line of
// defence where the program is known). The safe forms of docs/tool-skills.md
// still lint clean.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { buildArguments, repeatsAnAmbiguousChoice, repeatsARepetition } from "../../../src/domain/tools/coerce.js"
import { interpreterHazards } from "../../../src/domain/tools/interpreters.js"
import { lintToolSkill } from "../../../src/domain/tools/lint.js"
import { parametersSchema } from "../../../src/domain/tools/manifest.js"
import { parseToolSkill } from "../../../src/domain/tools/parse.js"
import { placementHazards } from "../../../src/domain/tools/placement.js"
import { parseCommandTemplate } from "../../../src/domain/tools/template.js"
import { ELEVEN } from "../../fixtures/tool-skills/attackTemplates.js"

const table = (rows: string) => `| Name | Type | Required | Description | Values | Pattern |\n|---|---|---|---|---|---|\n${rows}`
const V = "| v | string | yes | text | | |"

const skill = (command: string, opts: { rows?: string; frontmatter?: string } = {}) => `---
name: t
version: 1.0.0
description: A tool. Use when testing.
read_only: true
${opts.frontmatter ?? ""}
---

### say

Say a value.

#### Parameters

${table(opts.rows ?? V)}

#### Command

\`\`\`sh
${command}
\`\`\`
`

const errors = (command: string, opts?: { rows?: string; frontmatter?: string }) =>
  lintToolSkill(skill(command, opts)).filter((d) => d.severity === "error")


/** The safe forms docs/tool-skills.md shows. */
export const SAFE = [
  `sh -c 'echo "$1"' -- {{v}}`,
  "python3 -c 'import sys; print(sys.argv[-1])' -- {{v}}",
  "node -e 'console.log(process.argv[1])' -- {{v}}",
  `env NAME={{v}} sh -c 'echo "$NAME"'`,
  "./scripts/task.sh -- {{v}}",
  "git log -- {{v}}",
  "grep -rn -- {{v}} docs"
]

describe("issue 45 item 1: SKL516 judges free-text placement by structure", () => {
  it.each(ELEVEN)("issue 45 item 1: '%s' is a lint error", (command) => {
    const found = errors(command)
    expect(found.map((d) => d.rule)).toContain("SKL516")
  })

  it.each(ELEVEN)("issue 45 item 1: '%s' stays refused when the parameter is declared free_text_anywhere (second line: SKL515)", (command) => {
    // Declaring lets a value stand anywhere SKL516 would refuse; the interpreter list still refuses code positions.
    const found = errors(command, { frontmatter: "free_text_anywhere: [say.v]" })
    expect(found.map((d) => d.rule)).toContain("SKL515")
  })

  it.each(SAFE)("issue 45 item 1: the safe form '%s' lints clean", (command) => {
    expect(errors(command)).toEqual([])
  })

  it("issue 45 item 1: a splice is refused even after '--'; a whole argument after '--' is not", () => {
    const t = parseCommandTemplate("prog -- --name={{v}} {{v}} pre{{v}}", 1)
    if (Result.isFailure(t)) throw new Error(t.failure.message)
    const hazards = placementHazards(t.success, parseToolSkill(skill("prog {{v}}")).skill.tools[0]!.parameters)
    expect(hazards.map((h) => /is spliced into the argument '([^']*)'/.exec(h.message)?.[1])).toEqual(["--name={{v}}", "pre{{v}}"])
  })

  it("an optional option value before '--' would let the option swallow the '--': refused on the free text after it", () => {
    const rows = ["| word | string | no | a word | | [a-z]+ |", "| file | string | yes | file | | |"].join("\n")
    const found = errors("grep -n -e {{word}} -- {{file}}", { rows })
    expect(found.map((d) => d.rule)).toEqual(["SKL516"])
    expect(found[0]!.message).toMatch(/when optional '\{\{word\}\}' is left out its option '-e' takes the next argument as its value, that '--' itself/)
    expect(found[0]!.message).toContain("'-e{{word}}'")
    // The fixes it names lint clean: one argument, a required value, or a default.
    expect(errors("grep -n -e{{word}} -- {{file}}", { rows })).toEqual([])
    expect(errors("grep -n --regexp={{word}} -- {{file}}", { rows })).toEqual([])
    expect(errors("grep -n -e {{word}} -- {{file}}", { rows: rows.replace("| word | string | no |", "| word | string | yes |") })).toEqual([])
    // A boolean flag's placeholder is its own argument, and an option before a required value is fine.
    expect(errors("grep -n -e {{pat}} -- {{file}}", { rows: ["| pat | string | yes | p | | [a-z]+ |", "| file | string | yes | file | | |"].join("\n") })).toEqual([])
  })

  // A tool-skill probe (sixty-third pass): `env GIT_SSH_COMMAND={{v}} git ls-remote …` and `env NODE_OPTIONS={{v}}
  // node app.js` linted clean ("assignments are data") and ran the agent's value as code.
  it("an env assignment holds data only under a plain name: a variable run as code is SKL515, one read as more than data SKL516", () => {
    for (const command of ["env GIT_SSH_COMMAND={{v}} git ls-remote ssh://example.invalid/x", "env NODE_OPTIONS={{v}} node app.js", "env LD_PRELOAD={{v}} ls", "env BASH_ENV={{v}} bash -c 'true'", "env npm_config_script_shell={{v}} npm test"]) {
      const found = errors(command)
      expect(found.map((d) => d.rule), command).toContain("SKL516")
      expect(found.find((d) => d.rule === "SKL516")!.message, command).toMatch(/is the value of the environment variable '[A-Za-z_]+', which programs may read as a program, options, code/)
    }
    // Declared, the placement rule steps aside; a variable whose value runs as code stays refused (SKL515).
    for (const command of ["env NODE_OPTIONS={{v}} node app.js", "env GIT_SSH_COMMAND={{v}} git ls-remote x", "env LD_PRELOAD={{v}} ls"]) {
      const found = errors(command, { frontmatter: "free_text_anywhere: [say.v]" })
      expect(found.map((d) => d.rule), command).toEqual(["SKL515"])
      expect(found[0]!.message, command).toContain("which is run or loaded as code")
    }
    // A name read as options or a path, not code itself: declaring it is the author's call.
    expect(errors("env SEARCH_OPTS={{v}} prog", { frontmatter: "free_text_anywhere: [say.v]" })).toEqual([])
    expect(errors("env SEARCH_OPTS={{v}} prog").map((d) => d.rule)).toEqual(["SKL516"])
    // Plain names stay data.
    for (const command of [`env NAME={{v}} sh -c 'echo "$NAME"'`, `env FILE_PATH={{v}} sh -c 'cat -- "$FILE_PATH"'`, `env TOOL_VALUE={{v}} ./run.sh`]) {
      expect(errors(command), command).toEqual([])
    }
  })

  it("issue 45 item 1: integers, numbers, booleans and strings with Values or a Pattern may go anywhere", () => {
    const rows = [
      "| n | integer | no | count | | |",
      "| x | number | no | ratio | | |",
      "| b | boolean | no | flag | | |",
      "| style | string | no | format | oneline, short | |",
      "| rev | string | no | revision | | [0-9a-f]{7,40} |"
    ].join("\n")
    expect(errors("git log -n {{n}} --min={{x}} {{b:--stat}} --format={{style}} {{rev}}", { rows })).toEqual([])
  })

  it("issue 45 item 1: a Pattern that repeats a repetition is refused where it is declared; the value is then free text", () => {
    expect(repeatsARepetition("(a+)+$")).toBe(true)
    expect(repeatsARepetition("^(\\w+\\s?)*$")).toBe(true)
    expect(repeatsARepetition("(?:x*){2,}")).toBe(true)
    expect(repeatsARepetition("([a-z]+-)*[a-z]+")).toBe(true)
    expect(repeatsARepetition("[0-9a-f]{7,40}")).toBe(false)
    expect(repeatsARepetition("(\\d{4}-\\d{2})+")).toBe(false)
    expect(repeatsARepetition("(foo|bar)+")).toBe(false)
    expect(repeatsARepetition("[(a+)+]")).toBe(false)
    expect(repeatsARepetition("\\(a+\\)+")).toBe(false)
    const rows = "| v | string | yes | text | | ^(a+)+$ |"
    const parsed = parseToolSkill(skill("git log -- {{v}}", { rows }))
    expect(parsed.skill.tools[0]!.parameters[0]!.pattern).toBeUndefined()
    expect(errors("git log -- {{v}}", { rows }).map((d) => d.message).join("\n")).toMatch(/Pattern repeats a group that repeats/)
    // Unconstrained now, the value must stand after `--` again: spliced into an option it is SKL516.
    expect(errors("git log --author={{v}}", { rows }).map((d) => d.rule)).toContain("SKL516")
  })

  it("a Pattern that repeats a choice whose alternatives begin alike is refused where it is declared (a tool-skill probe: ([a-z]|[a-z0-9])* held a run 15 s on 28 characters)", () => {
    for (const p of ["([a-z]|[a-z0-9])*", "(a|a)*", "^(a|ab)+$", "((x|xy)z)+", "(?:\\d|1)*", "(a?b|b)*", "(.|x)+", "(a|)*", "(?<w>a|a){2,}", "(x|[xy])*y"]) {
      expect([p, repeatsAnAmbiguousChoice(p)]).toEqual([p, true])
    }
    for (const p of ["(foo|bar)+", "(a|b)*", "^(https|http)://[a-z.]+$", "(a|a){2}", "(\\.|-)*", "[(a|a)*]", "\\((a|a)\\)*", "(a|a)b*", "(?:v|V)[0-9]+(,(?:v|V)[0-9]+)*", "(^x|y)+"]) {
      expect([p, repeatsAnAmbiguousChoice(p)]).toEqual([p, false])
    }
    const rows = "| v | string | yes | text | | `([a-z]|[a-z0-9])*` |"
    expect(parseToolSkill(skill("git log -- {{v}}", { rows })).skill.tools[0]!.parameters[0]!.pattern).toBeUndefined()
    expect(errors("git log -- {{v}}", { rows }).map((d) => `${d.rule} ${d.message}`).join("\n")).toMatch(/SKL510 .*Pattern repeats a choice whose alternatives can begin alike/)
  })

  it("issue 45 item 1: Values and Pattern are enforced at run time and reach the JSON Schema", () => {
    const rows = ["| style | string | yes | format | oneline, short | |", "| rev | array | no | revisions | | [0-9a-f]{7,40} |"].join("\n")
    const params = parseToolSkill(skill("git log --format={{style}} {{rev}}", { rows })).skill.tools[0]!.parameters
    expect(Result.isSuccess(buildArguments(params, { pairs: ["style=short", "rev=abcdef0"] }))).toBe(true)
    expect(buildArguments(params, { pairs: ["style=--output=/tmp/x"] })).toEqual(Result.fail(`invalid value for parameter 'style': "--output=/tmp/x" is not one of "oneline", "short"`))
    expect(buildArguments(params, { json: { style: "short", rev: ["abcdef0", "-c x"] } })).toEqual(
      Result.fail(`invalid value for parameter 'rev': "-c x" does not match the pattern [0-9a-f]{7,40}`)
    )
    expect(parametersSchema(params).properties).toMatchObject({
      style: { type: "string", enum: ["oneline", "short"] },
      rev: { type: "array", items: { type: "string", pattern: "^(?:[0-9a-f]{7,40})$" } }
    })
  })

  it("issue 45 item 1: free_text_anywhere lifts SKL516 for the named parameter only, and must name a free-text parameter", () => {
    expect(errors("git commit -m {{v}}", { frontmatter: "free_text_anywhere: [say.v]" })).toEqual([])
    expect(errors("git commit -m {{v}}").map((d) => d.rule)).toEqual(["SKL516"])
    const typo = errors("git commit -m {{v}}", { frontmatter: "free_text_anywhere: [say.w]" })
    expect(typo.map((d) => [d.rule, d.message])).toEqual([
      ["SKL504", "'free_text_anywhere' names 'say.w', which is no parameter of a tool of this skill"],
      ["SKL516", expect.stringContaining("free-text '{{v}}' can start with '-'")]
    ])
    expect(parseToolSkill(skill("git commit -m {{v}}", { frontmatter: "free_text_anywhere: [say.v]" })).skill.freeTextAnywhere).toEqual(["say.v"])
  })

  it("issue 45 item 1: the interpreter list knows the attack run's programs (second line of defence)", () => {
    const hazards = (line: string) => {
      const t = parseCommandTemplate(line, 1)
      if (Result.isFailure(t)) throw new Error(t.failure.message)
      return interpreterHazards(t.success).map((h) => h.variable)
    }
    for (const command of ELEVEN) expect(hazards(command), command).toEqual(["v"])
    expect(hazards("git log -- {{v}}")).toEqual([])
    expect(hazards("git -C {{v}} log")).toEqual([])
    expect(hazards("git --exec-path {{v}} log")).toEqual(["v"])
    expect(hazards("tar -cf out.tar -- {{v}}")).toEqual([])
  })
})

describe("the SKL515 message's suggested fix", () => {
  // Found walking skc as a tool-skill author: SKL515 suggested
  // `sh -c 'echo "$1"' _ {{value}}`, which SKL516 then refused (the free text
  // stands after `_`, not after a literal `--`). The suggestion an error gives
  // must itself lint clean (docs/tool-skills.md, "Never a value as code").
  it("SKL515: the form its message suggests lints clean", () => {
    const [hazard] = errors(`sh -c "echo {{v}}"`).filter((d) => d.rule === "SKL515")
    expect(hazard?.message).toBeDefined()
    const suggested = /\((sh -c .*\{\{value\}\})\)$/.exec(hazard!.message)?.[1]
    expect(suggested).toBeDefined()
    expect(errors(suggested!.replace("{{value}}", "{{v}}"))).toEqual([])
  })
})

describe("SKL510: a '|' inside a cell (a tool-skill probe: a Pattern's alternation was cut without a word)", () => {
  it("a row with more cells than its header is a table problem; '\\|' and backticks keep the alternation whole", () => {
    const parsed = (row: string) => parseToolSkill(skill("git rev-parse {{rev}}", { rows: `| rev | string | yes | Revision | | ${row} |` }))
    const cut = parsed("[0-9a-f]{4,40}|HEAD(~[0-9]+)?")
    expect(cut.problems.filter((p) => p.kind === "parameter-table").map((p) => p.message)).toEqual([
      "parameter 'rev': the row has 7 cells for 6 columns; write a '|' inside a cell as '\\|' or within backticks (a Pattern's alternation: a\\|b)"
    ])
    for (const whole of ["[0-9a-f]{4,40}\\|HEAD(~[0-9]+)?", "`[0-9a-f]{4,40}|HEAD(~[0-9]+)?`"]) {
      const ok = parsed(whole)
      expect(ok.problems.filter((p) => p.kind === "parameter-table")).toEqual([])
      expect(ok.skill.tools[0]!.parameters[0]!.pattern).toBe("[0-9a-f]{4,40}|HEAD(~[0-9]+)?")
    }
  })
})
