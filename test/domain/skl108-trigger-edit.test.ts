/**
 * SKL108's guided edit "Add a trigger phrase" puts the sentence where the description's text ends, before the
 * whitespace a quoted scalar ends with: on `description: "Formats \"x\" files\n"` it gave
 * `"Formats \"x\" files\n. Use when …"`, the sentence after the line break (an editor probe, seventy-ninth pass).
 */
import { describe, expect, it } from "vitest"
import { applyEdits } from "../../src/domain/lint/fix.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"

const withTrigger = (description: string): string | undefined => {
  const source = `---\nname: demo\ndescription: ${description}\n---\n# Demo\n`
  const snapshot = makeSnapshot({ dirName: "demo", entries: [{ path: "SKILL.md", type: "file" }], markdownFiles: [{ path: "SKILL.md", source }] })
  const fix = runRules(snapshot, configureRules(RULES, {}).rules)
    .find((d) => d.rule === "SKL108")
    ?.suggestions?.find((g) => g.title.startsWith("Add a trigger phrase"))
  return fix === undefined ? undefined : /^description: ([\s\S]*)\n---\n/m.exec(applyEdits(source, fix.edits))?.[1]
}

describe("SKL108 'Add a trigger phrase' in a quoted description", () => {
  it("goes before a trailing escape, space or line break, not after it", () => {
    expect(withTrigger('"Formats \\"x\\" files\\n"')).toBe('"Formats \\"x\\" files. Use when the user asks to …\\n"')
    expect(withTrigger('"Formats files \\t\\n "')).toBe('"Formats files. Use when the user asks to … \\t\\n "')
    expect(withTrigger("'Formats files. '")).toBe("'Formats files. Use when the user asks to … '")
    expect(withTrigger('"Formats\n  files\n  "')).toBe('"Formats\n  files. Use when the user asks to …\n  "')
    expect(withTrigger('"Formats files\\\n  "')).toBe('"Formats files. Use when the user asks to …\\\n  "')
  })
  it("keeps what only looks like an escape: an escaped backslash, then a letter", () => {
    expect(withTrigger('"Formats C:\\\\n"')).toBe('"Formats C:\\\\n. Use when the user asks to …"')
    expect(withTrigger('"Formats files"')).toBe('"Formats files. Use when the user asks to …"')
  })
})
