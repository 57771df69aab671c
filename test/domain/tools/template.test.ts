import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { parseCommandTemplate, renderTemplate, tokenizeCommand } from "../../../src/domain/tools/template.js"

const args = (s: string) => {
  const r = tokenizeCommand(s)
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success.map((a) => a.map((f) => (f._tag === "Literal" ? f.text : `<${f.name}${f.modifier ? ":" + f.modifier : ""}>`)).join(""))
}
const error = (s: string) => {
  const r = tokenizeCommand(s)
  return Result.isFailure(r) ? r.failure.message : undefined
}

describe("tool-skills spec §3.5 command templates", () => {
  it("splits on whitespace and honours quotes and backslashes", () => {
    expect(args(`curl "https://api.com/search?q={{query}}&n={{limit}}"`)).toEqual(["curl", "https://api.com/search?q=<query>&n=<limit>"])
    expect(args(`echo 'a  b' "c \\"d\\"" e\\ f ""`)).toEqual(["echo", "a  b", 'c "d"', "e f", ""])
    expect(args(`git diff {{staged:--staged}} --x={{ n }}`)).toEqual(["git", "diff", "<staged:--staged>", "--x=<n>"])
  })

  it("refuses shell features outside quotes, allows them quoted", () => {
    for (const bad of ["a | b", "a; b", "a && b", "a > f", "a < f", "echo `x`", "echo $HOME", "echo $(id)", "echo ${X}"]) {
      expect(error(bad), bad).toMatch(/not supported/)
    }
    expect(args(`echo 'a | b; $HOME'`)).toEqual(["echo", "a | b; $HOME"])
    expect(args(`echo $5`)).toEqual(["echo", "$5"])
  })

  it("malformed templates are errors", () => {
    expect(error(`echo {{a`)).toMatch(/unclosed/)
    expect(error(`echo "abc`)).toMatch(/unclosed double quote/)
    expect(error(`echo {{a b}}`)).toMatch(/invalid variable/)
    expect(error(`echo {{a:}}`)).toMatch(/empty modifier/)
  })

  it("the program is always literal", () => {
    expect(Result.isFailure(parseCommandTemplate("{{prog}} x", 1))).toBe(true)
    expect(Result.isFailure(parseCommandTemplate("git{{x}} x", 1))).toBe(true)
    const t = parseCommandTemplate("git log -n {{count}}", 4)
    expect(Result.getOrThrow(t).program).toBe("git")
    expect(renderTemplate(Result.getOrThrow(t))).toBe("git log -n {{count}}")
  })
})
