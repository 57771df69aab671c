/**
 * Links as published skills write them (a probe of UiPath's, editframe's and
 * terrylica's skills, seventy-seventh pass): HTML anchors beside bold labels
 * (SKL302) and links in nested files written from the skill's root (SKL301),
 * RFC-0008:C-REGISTRY.
 */
import { describe, expect, it } from "vitest"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import { diagnosticLine } from "../../src/render/lint.js"

const lintFiles = (files: Record<string, string>) => {
  const entries = Object.keys(files).map((path) => ({ path, type: "file" as const }))
  const snapshot = makeSnapshot({ dirName: "demo", entries, markdownFiles: entries.map((e) => ({ path: e.path, source: files[e.path]! })) })
  return runRules(snapshot, configureRules(RULES, {}).rules).map((d) => diagnosticLine(d))
}
const of = (rule: string, lines: ReadonlyArray<string>) => lines.filter((l) => l.includes(` ${rule} `))

const SKILL = (body: string) => `---\nname: demo\ndescription: Does demos. Use when asked.\n---\n${body}`

describe("RFC-0008:C-REGISTRY SKL302: an anchor the file's HTML makes is an anchor", () => {
  it("<a id>, <a name> and an element's id are link targets; in code they are not", () => {
    const body = [
      "# Demo",
      "",
      "See [file input](#file-input), [legacy](#legacy), [box](#box), [other](other.md#there) and [coded](#coded).",
      "",
      '<a id="file-input"></a>',
      "**File input:** details.",
      "",
      "<a name='legacy'></a>",
      "Legacy text.",
      "",
      '<div id=box class="note">Boxed.</div>',
      "",
      "```html",
      '<a id="coded"></a>',
      "```",
      "",
      'Inline `<a id="coded"></a>` is code too.',
      ""
    ].join("\n")
    const lines = lintFiles({ "SKILL.md": SKILL(body), "other.md": '# Other\n\n<a id="there"></a>\nThere.\n' })
    expect(of("SKL302", lines)).toEqual(["SKILL.md:7:92 warning[W300]: SKL302 link-anchor-exists: anchor not found: '#coded'"])
  })
  it("name= on an element other than <a> makes no anchor (HTML's name is an anchor on <a> only)", () => {
    const lines = lintFiles({ "SKILL.md": SKILL('# Demo\n\nSee [x](#field).\n\n<input name="field">\n') })
    expect(of("SKL302", lines)).toHaveLength(1)
  })
})

describe("RFC-0008:C-REGISTRY SKL301: a nested file's link written from the skill root", () => {
  it("is still not found (a link is relative to its file), and the message says which link reaches the file", () => {
    const lines = lintFiles({
      "SKILL.md": SKILL("# Demo\n\nRead [a](references/a.md).\n"),
      "references/a.md": "# A\n\nNext: [b](references/b.md), [img](assets/x.png).\n",
      "references/b.md": "# B\n",
      "assets/x.png": "png"
    })
    expect(of("SKL301", lines)).toEqual([
      "references/a.md:3:7 error[E300]: SKL301 link-file-exists: link target not found: 'references/b.md' (it is relative to references/a.md, so it names 'references/references/b.md'; the skill's 'references/b.md' is 'b.md' from there)",
      "references/a.md:3:29 error[E300]: SKL301 link-file-exists: link target not found: 'assets/x.png' (it is relative to references/a.md, so it names 'references/assets/x.png'; the skill's 'assets/x.png' is '../assets/x.png' from there)"
    ])
  })
  it("a link that names no file from either place keeps the plain message", () => {
    const lines = lintFiles({ "SKILL.md": SKILL("# Demo\n\nRead [a](references/a.md).\n"), "references/a.md": "# A\n\n[c](references/c.md)\n" })
    expect(of("SKL301", lines)).toEqual(["references/a.md:3:1 error[E300]: SKL301 link-file-exists: link target not found: 'references/c.md'"])
  })
})

describe("SKL402 (issue 13): a line that sets two spellings against each other is no mention to re-spell", () => {
  it("'must be named SKILL.md, not Skill.md or skill.md' and 'Guide.md was renamed; use guide.md' are not reported; a lone 'Guide.md' is", () => {
    const lines = lintFiles({
      "SKILL.md": SKILL("# Demo\n\nThe entry file must be named SKILL.md, not Skill.md or skill.md.\nSee [guide](references/guide.md).\n"),
      "references/guide.md": "# Guide\n\nGuide.md was renamed; use guide.md.\n\nOpen Guide.md first.\n"
    })
    expect(of("SKL402", lines)).toEqual([
      "references/guide.md:5:6 error[E300]: SKL402 mention-case: 'Guide.md' matches 'references/guide.md' only ignoring case; it breaks on case-sensitive file systems"
    ])
  })
  it("a link's target is re-spelt whatever else its line says (an editor probe: the quick fix was withheld)", () => {
    const lines = lintFiles({
      "SKILL.md": SKILL("# Demo\n\nRead [the guide](references/Guide.md) and [x](references/guide.md).\n"),
      "references/guide.md": "# Guide\n"
    })
    expect(of("SKL402", lines)).toEqual([
      "SKILL.md:7:18 error[E300]: SKL402 mention-case: 'references/Guide.md' matches 'references/guide.md' only ignoring case; it breaks on case-sensitive file systems"
    ])
  })
})

describe("SKL110: a device name Windows reserves (a deployment probe: `skc init con` built and deployed without a word)", () => {
  const named = (name: string) => lintFiles({ "SKILL.md": `---\nname: ${name}\ndescription: Does demos. Use when asked.\n---\n# Demo\n` })
  it("con, nul, com1, lpt9 are warned of; console, com0 and null are not", () => {
    for (const name of ["con", "nul", "com1", "lpt9", "aux", "prn"]) {
      expect(of("SKL110", named(name)), name).toEqual([`SKILL.md:2:1 warning[W300]: SKL110 name-portable: name '${name}' is a device name Windows reserves: a directory named so cannot be checked out or created there`])
    }
    for (const name of ["console", "com0", "null", "lpt", "conf"]) expect(of("SKL110", named(name)), name).toEqual([])
  })
})
