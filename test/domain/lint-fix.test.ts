/**
 * `skc lint --fix` in process (issue 50): each rule's certain fix, that the
 * rest of the file stays byte for byte, and that a second run changes nothing.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { applyEdits, compatibleFixes, lineStarts, positionAt } from "../../src/domain/lint/fix.js"
import { fixSkill } from "../../src/domain/lint/fixLoop.js"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { unifiedDiff } from "../../src/domain/lint/unifiedDiff.js"

const { rules } = configureRules(RULES, {})

const fixFiles = (files: Record<string, string>, dirName = "demo") => {
  const entries = Object.keys(files).map((path) => ({ path, type: "file" as const }))
  return fixSkill({ dirName, entries, markdownFiles: entries.map((e) => ({ path: e.path, source: files[e.path]! })) }, rules)
}

/** Fix once, then fix the result: the second run must change nothing and fix nothing. */
const fixTwice = (files: Record<string, string>, dirName = "demo") => {
  const first = fixFiles(files, dirName)
  const after = { ...files }
  for (const [p, c] of first.changed) after[p] = c.after
  const second = fixFiles(after, dirName)
  expect(second.changed.size).toBe(0)
  expect(second.fixed).toEqual([])
  return { first, after }
}

describe("fix edits (issue 50)", () => {
  it("applies edits from the end backwards and keeps everything else", () => {
    expect(applyEdits("abcdef", [{ start: 1, end: 2, text: "XY" }, { start: 4, end: 4, text: "-" }])).toBe("aXYcd-ef")
  })
  it("maps lines over \\n, \\r\\n and a lone \\r", () => {
    const starts = lineStarts("a\r\nb\rc\nd")
    expect(starts).toEqual([0, 3, 5, 7])
    expect(positionAt(starts, 6)).toEqual({ line: 2, character: 1 })
  })
  it("answers the same text again from its memo: rules placing an edit per finding scanned the whole file each time", () => {
    const big = "## Endpoint\n\n```\nGET /x\n```\n\n".repeat(2_000)
    const first = lineStarts(big)
    expect(lineStarts(big)).toBe(first)
    // An equal text built apart is the same text; a different one is computed afresh.
    expect(lineStarts(big.slice(0, 10) + big.slice(10))).toBe(first)
    expect(lineStarts(`${big}x\n`)).not.toBe(first)
    expect(lineStarts(`${big}x\n`)).toHaveLength(first.length + 1)
  })
  it("SKL206's guided edits on a file with thousands of unlabeled blocks come from one scan of it", () => {
    const blocks = "# Blocks\n\n" + "## Endpoint\n\n```\nGET /x\n```\n\n".repeat(3_000)
    const snapshot = makeSnapshot({
      dirName: "demo",
      entries: [{ path: "SKILL.md", type: "file" }, { path: "blocks.md", type: "file" }],
      markdownFiles: [
        { path: "SKILL.md", source: "---\nname: demo\ndescription: Demo. Use when testing.\n---\n# Demo\n\nSee [blocks](blocks.md).\n" },
        { path: "blocks.md", source: blocks }
      ]
    })
    const starts = lineStarts(blocks)
    const found = runRules(snapshot, rules).filter((d) => d.rule === "SKL206")
    expect(found).toHaveLength(3_000)
    // Every finding's edit lands after its own opening fence.
    for (const d of found.slice(0, 3)) {
      const edit = d.suggestions?.[0]?.edits[0]
      expect(edit).toBeDefined()
      expect(blocks.slice(starts[d.line - 1], edit!.start)).toBe("```")
    }
    expect(lineStarts(blocks)).toBe(starts)
  })
  it("keeps only fixes that do not overlap an earlier one", () => {
    const a = { title: "a", edits: [{ start: 0, end: 3, text: "x" }] }
    const b = { title: "b", edits: [{ start: 2, end: 4, text: "y" }] }
    const c = { title: "c", edits: [{ start: 5, end: 6, text: "z" }] }
    expect(compatibleFixes([a, b, c])).toEqual([a, c])
  })
  it("writes a unified diff with context and hunk ranges", () => {
    const before = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"].join("\n") + "\n"
    const after = before.replace("5\n", "five\n")
    expect(unifiedDiff("SKILL.md", before, after)).toBe(
      ["--- a/SKILL.md", "+++ b/SKILL.md", "@@ -2,7 +2,7 @@", " 2", " 3", " 4", "-5", "+five", " 6", " 7", " 8", ""].join("\n")
    )
    expect(unifiedDiff("SKILL.md", before, before)).toBe("")
  })

  it("a diff that git apply applies: a CRLF file's CRs kept, a last line without its LF marked (diff -u's lines)", () => {
    const dir = mkdtempSync(join(tmpdir(), "skc-diff-"))
    const cases = [
      ["a CRLF file", "---\r\nname: x\r\n---\r\n[upper](reference/Forms.md)\r\nend\r\n", "[upper](reference/forms.md)"],
      ["no LF at the end", "one\ntwo\n[upper](reference/Forms.md)", "[upper](reference/forms.md)"],
      ["the last line changed and given its LF", "one\nlast", "one\nlast\n"],
      ["a lone-CR file", "one\rtwo\r[upper](reference/Forms.md)\r", "[upper](reference/forms.md)"]
    ] as const
    try {
      execFileSync("git", ["init", "-q", dir])
      for (const [what, before, change] of cases) {
        const after = change.includes("\n") ? change : before.replace("[upper](reference/Forms.md)", change)
        writeFileSync(join(dir, "SKILL.md"), before)
        writeFileSync(join(dir, "fix.diff"), unifiedDiff("SKILL.md", before, after))
        execFileSync("git", ["apply", "fix.diff"], { cwd: dir, stdio: "pipe" })
        expect(readFileSync(join(dir, "SKILL.md"), "utf8"), what).toBe(after)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("SKL112 metadata-strings --fix: quote plain numbers and booleans", () => {
  const skill = "---\r\n# kept comment\r\nname: demo\r\ndescription: 'Does demos. Use when asked.'\r\nmetadata:\r\n  version: 1.0   # trailing\r\n  beta: true\r\n  owner: team\r\n  nested:\r\n    a: b\r\n---\r\n# Demo\r\n"
  it("quotes each value as written, the rest byte for byte, and is idempotent", () => {
    const { first, after } = fixTwice({ "SKILL.md": skill })
    expect(after["SKILL.md"]).toBe(skill.replace("version: 1.0 ", 'version: "1.0" ').replace("beta: true", 'beta: "true"'))
    expect(first.fixed.map((d) => d.rule)).toEqual(["SKL112", "SKL112"])
    // The nested map has no certain fix and is still reported.
    expect(first.diagnostics.filter((d) => d.rule === "SKL112").map((d) => d.message)).toEqual(["metadata value 'nested' must be a string"])
  })
  it("places each finding on its own entry, not on the metadata key (a nested map on its key)", () => {
    const snapshot = makeSnapshot({ dirName: "demo", entries: [{ path: "SKILL.md", type: "file" }], markdownFiles: [{ path: "SKILL.md", source: skill }] })
    const found = runRules(snapshot, rules).filter((d) => d.rule === "SKL112")
    expect(found.map((d) => [d.message, d.line, d.column, d.endLine, d.endColumn])).toEqual([
      ["metadata value 'version' must be a string", 6, 3, 6, 15],
      ["metadata value 'beta' must be a string", 7, 3, 7, 13],
      ["metadata value 'nested' must be a string", 9, 3, 9, 9]
    ])
  })
  it("leaves an empty value alone", () => {
    const src = "---\nname: demo\ndescription: Use when asked.\nmetadata:\n  version:\n---\n# Demo\n"
    expect(fixFiles({ "SKILL.md": src }).changed.size).toBe(0)
  })
})

describe("SKL113 name-nfkc --fix: the NFKC form", () => {
  it("rewrites a plain name, keeps its style, and is idempotent", () => {
    const src = "---\nname: \uFB01le-tool\ndescription: Use when asked.\n---\n# File tool\n"
    const { first, after } = fixTwice({ "SKILL.md": src }, "file-tool")
    expect(after["SKILL.md"]).toBe("---\nname: file-tool\ndescription: Use when asked.\n---\n# File tool\n")
    expect(first.fixed.map((d) => d.rule)).toEqual(["SKL113"])
  })
  it("keeps single quotes", () => {
    const src = "---\nname: '\uFF41bc'\ndescription: Use when asked.\n---\n# abc\n"
    expect(fixTwice({ "SKILL.md": src }, "abc").after["SKILL.md"]).toBe("---\nname: 'abc'\ndescription: Use when asked.\n---\n# abc\n")
  })
})

describe("SKL402 mention-case --fix: the file's own spelling", () => {
  it("re-spells every occurrence, keeps a BOM-less CRLF file as it is, and is idempotent", () => {
    const src = "---\r\nname: demo\r\ndescription: Use when asked.\r\n---\r\n# Demo\r\n\r\nSee [forms](FORMS.md) and `Forms.md`; again FORMS.md.\r\n"
    const files = { "SKILL.md": src, "forms.md": "# Forms\n" }
    const { first, after } = fixTwice(files)
    expect(after["SKILL.md"]).toBe(src.replace("(FORMS.md)", "(forms.md)").replace("`Forms.md`", "`forms.md`").replace("again FORMS.md", "again forms.md"))
    expect(first.fixed.every((d) => d.rule === "SKL402")).toBe(true)
    expect(first.diagnostics.filter((d) => d.rule === "SKL402")).toEqual([])
  })
  it("a path in emphasis (`**FORMS.md**`) is reported at the path and re-spelt", () => {
    const files = { "SKILL.md": "---\nname: demo\ndescription: Use when asked.\n---\n# Demo\n\nSee **FORMS.md** first.\n", "forms.md": "# Forms\n" }
    const { first, after } = fixTwice(files)
    expect(first.fixed.map((d) => [d.rule, d.line, d.column])).toEqual([["SKL402", 7, 7]])
    expect(after["SKILL.md"]).toContain("See **forms.md** first.")
  })
  it("a capitalised word before 'folder' or 'directory' is prose, not a misspelt path (it still reaches the folder)", () => {
    const files = {
      "SKILL.md": "---\nname: demo\ndescription: Use when asked.\n---\n# Demo\n\n## Scripts Directory\n\nScripts folder holds the helpers.\n",
      "scripts/run.py": "print(1)\n"
    }
    const entries = [{ path: "scripts", type: "directory" as const }, ...Object.keys(files).map((path) => ({ path, type: "file" as const }))]
    const found = runRules(makeSnapshot({ dirName: "demo", entries, markdownFiles: [{ path: "SKILL.md", source: files["SKILL.md"] }] }), rules)
    expect(found.filter((d) => d.rule === "SKL402" || d.rule === "SKL401")).toEqual([])
  })
  it("fixes a mention relative to the file's folder", () => {
    const files = { "SKILL.md": "---\nname: demo\ndescription: Use when asked.\n---\n# Demo\n\nRead [r](ref/guide.md).\n", "ref/guide.md": "# Guide\n\nSee TABLE.md.\n", "ref/table.md": "# Table\n" }
    expect(fixTwice(files).after["ref/guide.md"]).toBe("# Guide\n\nSee table.md.\n")
  })
})

describe("rules without a certain fix are left alone (docs/rules.md lists the fixable ones)", () => {
  it("changes nothing for a skill whose findings have no certain fix", () => {
    const src = "---\nname: Demo\ndescription: Does demos.\nfoo: 1\n---\n## Start\n\n```\nx\n```\n"
    const out = fixFiles({ "SKILL.md": src })
    expect(out.changed.size).toBe(0)
    expect(out.diagnostics.length).toBeGreaterThan(0)
  })
  it("every rule with a documented fix is one of the fix-tested rules", () => {
    expect(RULES.filter((r) => r.autofix !== undefined).map((r) => r.id)).toEqual(["SKL112", "SKL113", "SKL402"])
  })
})

describe("guided edits the editor offers (issue 50; never applied by --fix)", () => {
  const lintOf = (source: string, extra: Record<string, string> = {}, dirName = "demo") => {
    const files: Record<string, string> = { "SKILL.md": source, ...extra }
    const entries = Object.keys(files).map((path) => ({ path, type: "file" as const }))
    return runRules(makeSnapshot({ dirName, entries, markdownFiles: entries.map((e) => ({ path: e.path, source: files[e.path]! })) }), rules)
  }
  /** Apply the rule's one suggestion: the finding must go, and nothing else may change outside the edit. */
  const guided = (rule: string, source: string) => {
    const d = lintOf(source).find((x) => x.rule === rule)!
    expect(d.fix).toBeUndefined()
    expect(d.suggestions).toHaveLength(1)
    const after = applyEdits(source, d.suggestions![0]!.edits)
    expect(lintOf(after).map((x) => x.rule)).not.toContain(rule)
    return after
  }
  it("SKL108: adds a trigger sentence inside the quotes", () => {
    expect(guided("SKL108", "---\nname: demo\ndescription: 'Does demos'\n---\n# Demo\n")).toBe("---\nname: demo\ndescription: 'Does demos. Use when the user asks to …'\n---\n# Demo\n")
  })
  it("SKL108: a multi-line description (folded, literal, plain continued, double-quoted, CRLF) gets it after its last character", () => {
    expect(guided("SKL108", "---\nname: demo\ndescription: >\n  Does demos\n  of many kinds\n---\n# Demo\n")).toBe(
      "---\nname: demo\ndescription: >\n  Does demos\n  of many kinds. Use when the user asks to …\n---\n# Demo\n"
    )
    expect(guided("SKL108", "---\nname: demo\ndescription: |\n  Does demos.\n\nlicense: MIT\n---\n# Demo\n")).toBe(
      "---\nname: demo\ndescription: |\n  Does demos. Use when the user asks to …\n\nlicense: MIT\n---\n# Demo\n"
    )
    expect(guided("SKL108", "---\nname: demo\ndescription: Does demos\n  of many kinds\n---\n# Demo\n")).toContain("  of many kinds. Use when the user asks to …\n---")
    expect(guided("SKL108", '---\nname: demo\ndescription: "Does demos\n  of many kinds"\n---\n# Demo\n')).toContain('  of many kinds. Use when the user asks to …"\n---')
    expect(guided("SKL108", "---\r\nname: demo\r\ndescription: >-\r\n  Does demos\r\n---\r\n# Demo\r\n")).toBe(
      "---\r\nname: demo\r\ndescription: >-\r\n  Does demos. Use when the user asks to …\r\n---\r\n# Demo\r\n"
    )
  })
  it("SKL202: adds the title where the body starts", () => {
    expect(guided("SKL202", "---\r\nname: demo\r\ndescription: Use when asked.\r\n---\r\nText.\r\n")).toBe("---\r\nname: demo\r\ndescription: Use when asked.\r\n---\r\n# demo\r\n\r\nText.\r\n")
  })
  it("SKL202: after a blank line that opens the body, the title goes below it: one blank line each side", () => {
    expect(guided("SKL202", "---\nname: demo\ndescription: Use when asked.\n---\n\nIntro text.\n")).toBe("---\nname: demo\ndescription: Use when asked.\n---\n\n# demo\n\nIntro text.\n")
    expect(guided("SKL202", "---\r\nname: demo\r\ndescription: Use when asked.\r\n---\r\n\r\n  \r\nIntro.\r\n")).toBe(
      "---\r\nname: demo\r\ndescription: Use when asked.\r\n---\r\n\r\n  \r\n# demo\r\n\r\nIntro.\r\n"
    )
    // A body of blank lines only: where it starts.
    expect(guided("SKL202", "---\nname: demo\ndescription: Use when asked.\n---\n\n")).toBe("---\nname: demo\ndescription: Use when asked.\n---\n# demo\n\n\n")
  })
  it("SKL205: sets the heading one level below the previous", () => {
    expect(guided("SKL205", "---\nname: demo\ndescription: Use when asked.\n---\n# Demo\n\n### Deep\n")).toContain("\n## Deep\n")
  })
  it("SKL206: marks the block as text", () => {
    expect(guided("SKL206", "---\nname: demo\ndescription: Use when asked.\n---\n# Demo\n\n```\nx\n```\n")).toContain("\n```text\nx\n```\n")
  })
  it("SKL109: renames a misspelt key to the field meant", () => {
    expect(guided("SKL109", "---\nname: demo\ndescription: Use when asked.\nlicence: MIT\n---\n# Demo\n")).toContain("\nlicense: MIT\n")
  })
  it("every rule documenting a guided edit is tested here", () => {
    expect(RULES.filter((r) => r.guided !== undefined).map((r) => r.id)).toEqual(["SKL108", "SKL109", "SKL202", "SKL205", "SKL206"])
  })
})
