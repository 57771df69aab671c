import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { buildArguments } from "../../../src/domain/tools/coerce.js"
import { interpolate } from "../../../src/domain/tools/interpolate.js"
import type { ParameterDefinition, ParameterType } from "../../../src/domain/tools/model.js"
import { parseCommandTemplate } from "../../../src/domain/tools/template.js"

const param = (name: string, type: ParameterType, required = false, dflt?: ParameterDefinition["default"]): ParameterDefinition => ({
  name, type, typeText: type, required, description: "", default: dflt, line: 1
})

const run = (command: string, params: ReadonlyArray<ParameterDefinition>, raw: Parameters<typeof buildArguments>[1]) => {
  const template = Result.getOrThrow(parseCommandTemplate(command, 1))
  return Result.flatMap(buildArguments(params, raw), (values) => interpolate(template, params, values))
}
const argv = (command: string, params: ReadonlyArray<ParameterDefinition>, raw: Parameters<typeof buildArguments>[1]) => {
  const r = run(command, params, raw)
  if (Result.isFailure(r)) throw new Error(r.failure)
  return [r.success.program, ...r.success.args]
}
const failure = (command: string, params: ReadonlyArray<ParameterDefinition>, raw: Parameters<typeof buildArguments>[1]) => {
  const r = run(command, params, raw)
  return Result.isFailure(r) ? r.failure : undefined
}

// A tool-skill probe (sixty-third pass): lint-clean templates where the option just before '--' takes that '--' as
// its value, so the free text after it is read as options: `tar -c {{named:-f}} -- {{files}}` ran
// `--checkpoint-action=exec=…`, `grep -r -e -- {{v}}` ran `grep --version`.
describe("a free-text value after a '--' an option may take as its value", () => {
  const files = [param("named", "boolean"), param("files", "array", true)]
  it("starting with '-', it is refused when the command as run puts an option right before the '--'", () => {
    expect(failure("tar -c {{named:-f}} -- {{files}}", files, { pairs: ["named=true", "files=--checkpoint=1", "files=x"] })).toMatch(
      /^the value of 'files' \('--checkpoint=1'\) starts with '-', and the option '-f' just before the '--' that protects it may take that '--' as its own value/
    )
    expect(failure("grep -r -e -- {{v}}", [param("v", "string", true)], { pairs: ["v=--version"] })).toContain("the option '-e' just before the '--'")
    expect(failure("tar -cf -- {{v}}", [param("v", "string", true)], { pairs: ["v=--to-command=sh"] })).toContain("the option '-cf'")
    expect(failure("prog --output -- {{v}}", [param("v", "string", true)], { pairs: ["v=-x"] })).toContain("can move '--output' earlier, so that an operand stands right before '--', or, when '--output' takes a value, join them in one argument: '--output=…'")
  })
  it("a value not starting with '-', an operand or a '--name=value' before the '--', or nothing before it: run as before", () => {
    expect(argv("tar -c {{named:-f}} -- {{files}}", files, { pairs: ["named=true", "files=a.txt"] })).toEqual(["tar", "-c", "-f", "--", "a.txt"])
    expect(argv("git log HEAD -- {{v}}", [param("v", "string", true)], { pairs: ["v=--all"] })).toEqual(["git", "log", "HEAD", "--", "--all"])
    expect(argv("git log --format=%h -- {{v}}", [param("v", "string", true)], { pairs: ["v=-x"] })).toEqual(["git", "log", "--format=%h", "--", "-x"])
    expect(argv("prog -- {{v}}", [param("v", "string", true)], { pairs: ["v=-x"] })).toEqual(["prog", "--", "-x"])
  })
})

describe("tool-skills spec §3.4 interpolation", () => {
  it("spec §3.5: git log -n {{count}} → program git, args [log, -n, 5, --oneline]", () => {
    expect(argv("git log -n {{count}} --oneline", [param("count", "integer")], { pairs: ["count=5"] })).toEqual(["git", "log", "-n", "5", "--oneline"])
  })

  it("a parameter named like an Object property (constructor, toString) with no value drops its argument", () => {
    for (const name of ["constructor", "toString", "valueOf", "hasOwnProperty"]) {
      expect(argv(`printf -n={{${name}}} x`, [param(name, "integer")], { pairs: [] }), name).toEqual(["printf", "x"])
    }
  })

  it("defaults apply; an optional parameter without value drops its whole argument", () => {
    const ps = [param("limit", "integer"), param("q", "string", true)]
    expect(argv("search {{q}} --limit={{limit}} -v", ps, { pairs: ["q=x"] })).toEqual(["search", "x", "-v"])
    expect(argv("search {{q}} --limit={{limit}}", [param("limit", "integer", false, 10), ps[1]], { pairs: ["q=x"] })).toEqual(["search", "x", "--limit=10"])
  })

  it("boolean flags {{flag:--literal}}: true gives the literal, false drops the argument", () => {
    const ps = [param("staged", "boolean")]
    expect(argv("git diff {{staged:--staged}}", ps, { pairs: ["staged=true"] })).toEqual(["git", "diff", "--staged"])
    expect(argv("git diff {{staged:--staged}}", ps, { json: { staged: false } })).toEqual(["git", "diff"])
    expect(argv("git diff {{staged:--staged}}", ps, {})).toEqual(["git", "diff"])
    expect(argv("x --on={{staged}}", ps, { json: { staged: true } })).toEqual(["x", "--on=true"])
  })

  it("a lone {{array}} gives one argument per element; embedded arrays join with spaces", () => {
    const ps = [param("files", "array")]
    expect(argv("git add -- {{files}}", ps, { json: { files: ["a b", "-rf", "c"] } })).toEqual(["git", "add", "--", "a b", "-rf", "c"])
    expect(argv("git add -- {{files}}", ps, { pairs: ["files=a", "files=b c"] })).toEqual(["git", "add", "--", "a", "b c"])
    expect(argv("echo --files={{files}}", ps, { json: { files: ["a", "b"] } })).toEqual(["echo", "--files=a b"])
    expect(argv("echo x {{files}} y", ps, { json: { files: [] } })).toEqual(["echo", "x", "y"])
  })

  it("spec §9.3: a missing required parameter is an error before anything runs", () => {
    expect(failure("echo {{q}}", [param("q", "string", true)], {})).toBe("missing required parameter 'q'")
  })

  it("coercion errors name the parameter", () => {
    const ps = [param("n", "integer"), param("x", "number"), param("b", "boolean"), param("a", "array")]
    expect(failure("e {{n}}", ps, { pairs: ["n=1.5"] })).toBe("invalid value for parameter 'n': '1.5' is not an integer")
    expect(failure("e {{n}}", ps, { json: { n: 9007199254740993 } })).toMatch(/expected an integer/)
    expect(failure("e {{x}}", ps, { pairs: ["x=abc"] })).toMatch(/not a number/)
    expect(argv("e {{x}}", ps, { pairs: ["x=12.5"] })).toEqual(["e", "12.5"])
    expect(failure("e {{b}}", ps, { pairs: ["b=maybe"] })).toMatch(/not a boolean/)
    expect(failure("e {{a}}", ps, { json: { a: [{}] } })).toMatch(/element 0/)
    expect(failure("e", ps, { pairs: ["zzz=1"] })).toBe("unknown parameter 'zzz' (parameters: n, x, b, a)")
    expect(failure("e", ps, { pairs: ["n=1", "n=2"] })).toMatch(/more than once/)
    expect(failure("e", ps, { pairs: ["novalue"] })).toMatch(/name=value/)
    expect(failure("e", ps, { json: [1] })).toMatch(/JSON object/)
    // JSON's 1e400 is Infinity: said as such, not "got number null" (a tool-skill probe).
    expect(failure("e {{n}}", ps, { json: JSON.parse('{"n": 1e400}') })).toBe("invalid value for parameter 'n': expected an integer, got a number too large to hold")
    expect(failure("e {{x}}", ps, { json: JSON.parse('{"x": -1e400}') })).toBe("invalid value for parameter 'x': expected a number, got a number too large to hold")
  })

  it("NUL bytes are refused with a clear error (no OS can pass them in argv)", () => {
    expect(failure("e {{s}}", [param("s", "string")], { pairs: ["s=a\0b"] })).toMatch(/NUL byte/)
    expect(failure("e {{a}}", [param("a", "array")], { json: { a: ["ok", "a\0"] } })).toMatch(/NUL byte/)
  })

  it("--arg overrides the same name from --json", () => {
    expect(argv("e {{s}}", [param("s", "string")], { json: { s: "j" }, pairs: ["s=p"] })).toEqual(["e", "p"])
  })
})

// Hostile values: shell metacharacters, flags, whitespace, quotes, newlines.
const hostile = fc.oneof(
  fc.string({ unit: "binary" }).filter((s) => !s.includes("\0")),
  fc.constantFrom("-rf", "--upload-pack=evil", "$(id)", "`id`", "a; rm -rf /", "a\nb", "' \" \\", "  ", "", "{{other}}", "--staged", "*", "$HOME", "a|b&&c")
)

describe("tool-skills spec §3.4 rule 3 / §6.1: no injection (property)", () => {
  it("any value is exactly one argument, verbatim, wherever it sits", () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const ps = [param("a", "string", true), param("b", "string", true), param("flag", "boolean")]
        const out = argv("prog lit {{a}} --b={{b}} {{flag:--flag}} tail", ps, { json: { a, b } })
        expect(out).toEqual(["prog", "lit", a, `--b=${b}`, "tail"])
      })
    )
  })

  it("a value can never become a declared flag: only the template's literal is emitted, and only for true", () => {
    fc.assert(
      fc.property(hostile, (v) => {
        const ps = [param("flag", "boolean"), param("s", "string")]
        const out = argv("prog {{flag:--danger}} {{s}}", ps, { json: { s: v } })
        expect(out).toEqual(["prog", v])
        // A string cannot be given for the boolean unless it is a boolean word.
        const r = run("prog {{flag:--danger}}", ps, { pairs: [`flag=${v}`] })
        if (Result.isSuccess(r)) expect(["true", "1", "yes", "on", "false", "0", "no", "off"]).toContain(v.trim().toLowerCase())
      })
    )
  })

  it("array elements stay one argument each, verbatim", () => {
    fc.assert(
      fc.property(fc.array(hostile, { maxLength: 6 }), (items) => {
        const out = argv("prog -- {{items}}", [param("items", "array")], { json: { items } })
        expect(out).toEqual(["prog", "--", ...items])
      })
    )
  })
})
