// A tool-skill security probe: a refused argument's value reached the access log (and the team database it
// is pushed to) in the error text; `python3 -c` imported the project's modules from the working directory.
import { describe, expect, it } from "vitest"
import { givenValues, withoutValues } from "../../../src/domain/tools/redact.js"
import { inlinePythonSafe } from "../../../src/domain/tools/environment.js"

describe("docs/tool-skills.md: the log keeps no argument's value", () => {
  it("every value a call gave is replaced where the refusal quotes it, as JSON or in single quotes", () => {
    const values = givenValues({ which: "sk-MCPSECRET999", n: 7, list: ["a b", "c"] }, ["token=ghp_SECRET", "flag"])
    expect(values).toEqual(["sk-MCPSECRET999", "7", "a b", "c", "ghp_SECRET"])
    expect(withoutValues(`invalid value for parameter 'which': "sk-MCPSECRET999" is not one of "a", "b"`, values)).toBe(
      `invalid value for parameter 'which': <value> is not one of "a", "b"`
    )
    expect(withoutValues(`invalid value for parameter 'n': 'ghp_SECRET' is not an integer`, values)).toBe(`invalid value for parameter 'n': <value> is not an integer`)
  })
})

describe("python3 -c runs without the working directory on sys.path", () => {
  it("PYTHONSAFEPATH=1 for inline code only: a script's own directory stays", () => {
    const env = { PATH: "/usr/bin" }
    expect(inlinePythonSafe("python3", ["-c", "import json", "--", "x"], env)).toEqual({ PATH: "/usr/bin", PYTHONSAFEPATH: "1" })
    expect(inlinePythonSafe("/usr/bin/python3.12", ["-c", "pass"], env)).toEqual({ PATH: "/usr/bin", PYTHONSAFEPATH: "1" })
    expect(inlinePythonSafe("python3", ["/skill/scripts/x.py"], env)).toEqual(env)
    expect(inlinePythonSafe("node", ["-c", "x"], env)).toEqual(env)
  })
})
