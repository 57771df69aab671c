/** Pure parts of lint: directives, slugs, link targets, SKL100 variants, allowed-tools, config handling. */
import { pathWords } from "../../src/domain/namedFiles.js"
import { describe, expect, it } from "vitest"
import { parseDirectives, isSuppressed } from "../../src/domain/lint/directives.js"
import { classifyTarget } from "../../src/domain/lint/paths.js"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import { isWellFormedTool, splitAllowedTools } from "../../src/domain/lint/rules/skl114-allowed-tools-format.js"
import { findTrigger } from "../../src/domain/lint/rules/skl108-description-triggers.js"
import { diagnosticLine } from "../../src/render/lint.js"
import type { LintSetting } from "../../src/domain/config.js"

const lintFiles = (files: Record<string, string>, settings: Record<string, LintSetting> = {}, dirName = "demo") => {
  const entries = Object.keys(files).map((path) => ({ path, type: "file" as const }))
  const snapshot = makeSnapshot({ dirName, entries, markdownFiles: entries.map((e) => ({ path: e.path, source: files[e.path] })) })
  const { rules, problems } = configureRules(RULES, settings)
  return { lines: runRules(snapshot, rules).map((d) => diagnosticLine(d)), problems: problems.map((p) => p.message) }
}

const SKILL = (body: string, fields = "name: demo\ndescription: Does demos. Use when asked.") => `---\n${fields}\n---\n${body}`

describe("RFC-0008:C-REGISTRY SKL100 frontmatter-valid (DECISIONS #21)", () => {
  it("reports an unclosed block", () => {
    expect(lintFiles({ "SKILL.md": "---\nname: demo\n# Demo\n" }).lines[0]).toBe(
      "SKILL.md:1:1 error[E300]: SKL100 frontmatter-valid: missing frontmatter: no closing --- found"
    )
  })
  it("a CRLF file Claude Code would read quoted were its lines LF: says it loads with empty metadata, a manual-only skill then the model's (an agents probe)", () => {
    const fields = "name: demo\ndescription: CRLF colon: here. Use when x.\ndisable-model-invocation: true"
    const [crlf] = lintFiles({ "SKILL.md": SKILL("# demo\n", fields).replace(/\n/g, "\r\n") }).lines
    expect(crlf).toMatch(/^SKILL\.md:3:\d+ error\[E300\]: SKL100 frontmatter-valid: invalid frontmatter YAML: .*; Claude Code reads such a value quoted only in a file with LF line endings, and this one's are CRLF: it loads the skill with empty metadata .*every other field \(disable-model-invocation, allowed-tools, …\) ignored: quote the value \(or save the file with LF\)$/)
    const [lf] = lintFiles({ "SKILL.md": SKILL("# demo\n", fields) }).lines
    expect(lf).toContain("Claude Code loads the skill anyway, reading 'description' (line 3)")
  })
  it("reports YAML errors with the parser's line, duplicate keys included", () => {
    const [line] = lintFiles({ "SKILL.md": "---\nname: demo\nname: again\ndescription: x\n---\n# Demo\n" }).lines
    expect(line).toMatch(/^SKILL\.md:3:1 error\[E300\]: SKL100 frontmatter-valid: invalid frontmatter YAML: .*unique/i)
  })
  it("reports a syntax error at its column, and an unclosed value where it opened", () => {
    const colon = lintFiles({ "SKILL.md": "---\nname: demo\ndescription: ok: bad colon\n---\n# Demo\n" }).lines[0]
    expect(colon).toMatch(/^SKILL\.md:3:14 error\[E300\]: SKL100 .*\(line 3, column 14\)/)
    const bracket = lintFiles({ "SKILL.md": "---\nname: [demo\ndescription: Does demos.\n---\n# Demo\n" }).lines[0]
    expect(bracket).toMatch(/^SKILL\.md:2:7 error\[E300\]: SKL100 .*\(line 2, column 7\)/)
  })
  it("accepts a BOM, CRLF and block scalars", () => {
    const src = "\ufeff---\r\nname: demo\r\ndescription: |-\r\n  Does demos.\r\n  Use when asked.\r\n---\r\n# Demo\r\n"
    expect(lintFiles({ "SKILL.md": src }).lines).toEqual([])
  })
})

describe("RFC-0008:C-REGISTRY SKL203 heading-match-name: a `+` reads as \"p\", as names spell it", () => {
  it("`# Modern C++` holds `modern-cpp`, `# AFL++ Fuzzing` holds `aflpp` (two published trailofbits skills); another title does not", () => {
    const rule = (files: Record<string, string>, dirName: string) => lintFiles(files, {}, dirName).lines.filter((l) => l.includes("SKL203"))
    expect(rule({ "SKILL.md": SKILL("# Modern C++\n", "name: modern-cpp\ndescription: Writes C++. Use when asked.") }, "modern-cpp")).toEqual([])
    expect(rule({ "SKILL.md": SKILL("# AFL++ Fuzzing\n", "name: aflpp\ndescription: Fuzzes. Use when asked.") }, "aflpp")).toEqual([])
    expect(rule({ "SKILL.md": SKILL("# Modern C\n", "name: modern-cpp\ndescription: Writes C. Use when asked.") }, "modern-cpp")).toHaveLength(1)
  })

  it("a name written decomposed (NFD) and a heading written composed are the same letters (NFKC, as SKL104 compares)", () => {
    const rule = (files: Record<string, string>, dirName: string) => lintFiles(files, {}, dirName).lines.filter((l) => l.includes("SKL203"))
    expect(rule({ "SKILL.md": SKILL("# caf\u00e8\n", "name: cafe\u0300\ndescription: Brews. Use when asked.") }, "caf\u00e8")).toEqual([])
  })
})

describe("RFC-0008:C-REGISTRY SKL402 mention-case: a repository's own upper-case files are the project's", () => {
  it("`README.md` and `CLAUDE.md` in prose name the user's files, not the skill's readme.md and claude.md; `FORMS.md` still names forms.md", () => {
    const files = {
      "SKILL.md": SKILL("# Demo\n\nUpdate the project's README.md and CLAUDE.md in the repository root.\nRead [the template](readme.md), [claude](claude.md) and FORMS.md.\n"),
      "readme.md": "# Readme template\n",
      "claude.md": "# Claude template\n",
      "forms.md": "# Forms\n"
    }
    expect(lintFiles(files).lines.filter((l) => l.includes("SKL402"))).toEqual([
      "SKILL.md:8:57 error[E300]: SKL402 mention-case: 'FORMS.md' matches 'forms.md' only ignoring case; it breaks on case-sensitive file systems"
    ])
  })
})

describe("RFC-0008:C-REGISTRY SKL401 no-orphans: a Markdown link reaches its target as SKL301 resolves it", () => {
  it("a target with a parenthesis or a space (read word by word, the mention reached nothing)", () => {
    const files = {
      "SKILL.md": SKILL("# Demo\n\nSee [paren](references/a(b).md) and [sc][].\n\n[sc]: <references/short cut.md>\n"),
      "references/a(b).md": "# A\n",
      "references/short cut.md": "# Short\n"
    }
    expect(lintFiles(files).lines.filter((l) => l.includes("SKL401") || l.includes("SKL301"))).toEqual([])
  })
})

describe("RFC-0008:C-REGISTRY name and description details (DECISIONS #19, #20)", () => {
  it("SKL102 words each problem", () => {
    const msg = (name: string) => lintFiles({ "SKILL.md": SKILL("# X\n", `name: ${name}\ndescription: Use when asked.`) }, {}, name).lines.find((l) => l.includes("SKL102"))
    expect(msg("My-Skill")).toContain("name 'My-Skill' contains uppercase characters")
    expect(msg("-skill")).toContain("name '-skill' starts with a hyphen")
    expect(msg("skill-")).toContain("name 'skill-' ends with a hyphen")
    expect(msg("a--b")).toContain("name 'a--b' contains consecutive hyphens")
    // Every problem at once, with the name build suggests: lowercasing alone left the space.
    expect(msg("PG Migrations")).toContain(
      "name 'PG Migrations' contains uppercase characters; contains invalid characters: ' ' (only lowercase letters, digits and '-' are allowed); e.g. 'pg-migrations'"
    )
    expect(msg("valid-1")).toBeUndefined()
  })
  it("SKL103/SKL107 count code points, not UTF-16 units", () => {
    const d = "😀".repeat(1024)
    expect(lintFiles({ "SKILL.md": SKILL("# Demo\n", `name: demo\ndescription: "Use when ${d}"`) }).lines.some((l) => l.includes("SKL107"))).toBe(true)
    const under = lintFiles({ "SKILL.md": SKILL("# Demo\n", `name: demo\ndescription: "Use when ${d.slice(0, 2000)}"`) }).lines
    expect(under.filter((l) => /SKL10[37]/.test(l))).toEqual([])
    // Claude Code's cap is another measure (SKL702, DECISIONS #51): 1,009 code points are 2,009 UTF-16 units, over its 1,536.
    expect(under).toEqual(["SKILL.md:3:1 warning[W300]: SKL702 description-truncated: description is 2009 UTF-16 units; Claude Code cuts it at 1536 in its skill listing"])
  })
  it("SKL108 finds triggers across folded lines, case-insensitively", () => {
    expect(lintFiles({ "SKILL.md": SKILL("# Demo\n", "name: demo\ndescription: >\n  Does demos. USE\n  WHEN asked.") }).lines).toEqual([])
  })
})

describe("SKL108 phrasing of published descriptions (issue 13 item 4, DECISIONS #20)", () => {
  const trig = (d: string) => findTrigger(d)
  it.each([
    ["Use this when the user wants a poster.", "when the user"], ["Use this when asked for a poster.", "when"],
    ["Use it when building new UI components.", "when"],
    ["Creates charts; apply if the user uploads a CSV.", "if"],
    ["Toolkit for creating and editing slide decks.", "for creating"],
    ["Guide for building MCP servers", "for building"],
    ["Formats files. Use for release notes.", "use for"],
    // Published descriptions (trailofbits' variant-neighborhood, superpowers' brainstorming).
    ["Expands one confirmed vulnerability. Use after one issue is found to seed variant analysis.", "use after"],
    ["You MUST use this before any creative work.", "use … before"]
  ])("%s → %s", (d, t) => expect(trig(d)).toBe(t))
  it.each(["Formats demo files.", "A collection of strings for anything.", "Brand colours for everything we ship.", "Tools we use daily, written after the 2024 outage."])("no trigger: %s", (d) =>
    expect(trig(d)).toBeUndefined()
  )
})

describe("RFC-0008:C-EXTENSIONS inline directives", () => {
  const body = (directive: string) => SKILL(`# Demo\n\n${directive}\n\n\`\`\`\nx\n\`\`\`\n`)
  it("disable … enable, disable-line, disable-next-line, disable-file, all rules", () => {
    expect(lintFiles({ "SKILL.md": body("<!-- skilllint-disable SKL206 -->") }).lines).toEqual([])
    expect(lintFiles({ "SKILL.md": body("<!-- skilllint-disable -->") }).lines).toEqual([])
    expect(lintFiles({ "SKILL.md": body("<!-- skilllint-disable SKL201, SKL205 -->") }).lines).toHaveLength(1)
    expect(lintFiles({ "SKILL.md": body("<!-- skilllint-disable SKL206 -->\n<!-- skilllint-enable SKL206 -->") }).lines).toHaveLength(1)
    expect(lintFiles({ "SKILL.md": SKILL("# Demo\n\n[x](nope.md) <!-- skilllint-disable-line SKL301 -->\n") }).lines).toEqual([])
    expect(lintFiles({ "SKILL.md": SKILL("# Demo\n\n<!-- skilllint-disable-next-line SKL301 -->\n[x](nope.md)\n") }).lines).toEqual([])
    expect(lintFiles({ "SKILL.md": SKILL("<!-- skilllint-disable-file SKL109 -->\n# Demo\n", "name: demo\ndescription: Use when.\nfoo: 1") }).lines).toEqual([])
  })
  it("a directive inside a code block is text", () => {
    expect(lintFiles({ "SKILL.md": SKILL("# Demo\n\n```md\n<!-- skilllint-disable -->\n```\n\n[x](nope.md)\n") }).lines).toHaveLength(1)
  })
  it("parses ids and lines", () => {
    const d = parseDirectives([{ line: 3, text: "skilllint-disable skl201" }, { line: 9, text: "skilllint-enable" }])
    expect(isSuppressed(d, "SKL201", 2)).toBe(false)
    expect(isSuppressed(d, "SKL201", 5)).toBe(true)
    expect(isSuppressed(d, "SKL201", 9)).toBe(false)
    expect(isSuppressed(d, "SKL202", 5)).toBe(false)
  })
})

describe("RFC-0008:C-REGISTRY SKL302 anchors", () => {
  it("RFC slugs with -1 suffixes, GitHub's form and any case are accepted", () => {
    const skill = (links: string) => SKILL(`# Demo

## Setup

## Setup

## Step 1 — Go

${links}
`)
    expect(lintFiles({ "SKILL.md": skill("[a](#setup) [b](#setup-1) [c](#step-1-go) [d](#step-1--go) [e](#Setup)") }).lines).toEqual([])
    expect(lintFiles({ "SKILL.md": skill("[a](#setup-2)") }).lines).toEqual([
      "SKILL.md:13:1 warning[W300]: SKL302 link-anchor-exists: anchor not found: '#setup-2'"
    ])
  })
})

describe("RFC-0008:C-REGISTRY link targets", () => {
  it("classifies targets", () => {
    expect(classifyTarget("SKILL.md", "https://x.org/a.md")._tag).toBe("External")
    expect(classifyTarget("SKILL.md", "mailto:a@b")._tag).toBe("External")
    expect(classifyTarget("SKILL.md", "/abs.md")._tag).toBe("External")
    expect(classifyTarget("SKILL.md", "#top")).toEqual({ _tag: "Anchor", fragment: "top" })
    expect(classifyTarget("refs/a.md", "../b%20c.md?x=1#s")).toEqual({ _tag: "Internal", path: "b c.md", fragment: "s", written: "../b%20c.md" })
    expect(classifyTarget("refs/a.md", "../../b.md")).toEqual({ _tag: "Escapes", path: "../../b.md" })
  })
  it("a target after ${CLAUDE_SKILL_DIR}/ is from the skill's root, wherever the link is (Claude Code substitutes the variable)", () => {
    expect(classifyTarget("refs/a.md", "${CLAUDE_SKILL_DIR}/scripts/run.sh")).toEqual({ _tag: "Internal", path: "scripts/run.sh", fragment: undefined, written: "${CLAUDE_SKILL_DIR}/scripts/run.sh" })
    expect(classifyTarget("SKILL.md", "${CLAUDE_SKILL_DIR}/refs/b.md#top")).toMatchObject({ _tag: "Internal", path: "refs/b.md", fragment: "top" })
    expect(classifyTarget("refs/deep/a.md", "${CLAUDE_SKILL_DIR}/../x.md")).toEqual({ _tag: "Escapes", path: "${CLAUDE_SKILL_DIR}/../x.md" })
    // Only as the target's start: elsewhere it is a directory name like any other.
    expect(classifyTarget("SKILL.md", "a/${CLAUDE_SKILL_DIR}/b.md")).toMatchObject({ _tag: "Internal", path: "a/${CLAUDE_SKILL_DIR}/b.md" })
  })
  it("{baseDir}/ is the skill's root too, as published skills write it: links found from the root, files they name not orphans", () => {
    expect(classifyTarget("refs/a.md", "{baseDir}/scripts/run.sh")).toMatchObject({ _tag: "Internal", path: "scripts/run.sh" })
    const body = "# Demo\n\nFollow [the steps]({baseDir}/references/steps.md); details in `{baseDir}/references/deep.md`; [gone]({baseDir}/references/gone.md).\n"
    expect(lintFiles({ "SKILL.md": SKILL(body), "references/steps.md": "# Steps\n", "references/deep.md": "# Deep\n" }).lines).toEqual([
      "SKILL.md:7:95 error[E300]: SKL301 link-file-exists: link target not found: '{baseDir}/references/gone.md'"
    ])
  })
  it("<path-to-skill>/ in prose names a file from the skill's root, as openai's skills write it: the file is reached, not an orphan (an agent's probe: no base_dir note)", () => {
    const body = "# Demo\n\nRun `python \"<path-to-skill>/scripts/inspect.py\" --repo .` first.\n"
    expect(lintFiles({ "SKILL.md": SKILL(body), "scripts/inspect.py": "print(1)\n" }).lines).toEqual([])
    expect(pathWords('python "<path-to-skill>/scripts/inspect.py"', "SKILL.md")).toEqual([{ fromRoot: "scripts/inspect.py" }])
  })
  it("a shell variable named for the skill's directory ($skill_dir/x, ${SKILL_ROOT}/x) and claude.ai's /mnt/skills/<scope>/<name>/x name files from the skill's root (an agent's probe: vercel's deploy skill, no note)", () => {
    expect(pathWords('skill_dir="<path-to-skill>"\nbash "$skill_dir/resources/run.sh"', "SKILL.md")).toEqual([{ fromRoot: "resources/run.sh" }])
    expect(pathWords("bash ${SKILL_ROOT}/resources/run.sh", "refs/a.md")).toEqual([{ fromRoot: "resources/run.sh" }])
    expect(pathWords("bash /mnt/skills/user/deploy-to-vercel/resources/run.sh", "SKILL.md")).toEqual([{ fromRoot: "resources/run.sh" }])
    // Another absolute path names no file of the skill; another variable is read as before (a path as written).
    expect(pathWords("cat /etc/hosts.txt /mnt/data/x.txt", "SKILL.md")).toEqual([])
    expect(pathWords('cat "$OUT/report.txt"', "SKILL.md")).toEqual([{ fromRoot: "OUT/report.txt" }])
    const body = "# Demo\n\nRun `bash \"$skill_dir/resources/run.sh\"` or `bash /mnt/skills/user/demo/resources/run.sh`.\n"
    expect(lintFiles({ "SKILL.md": SKILL(body), "resources/run.sh": "echo\n" }).lines).toEqual([])
  })
  it("SKL301 finds a ${CLAUDE_SKILL_DIR} link's file from the root; an escaping one is SKL303's alone, not SKL304's too", () => {
    const body = "# Demo\n\nSee [runner](${CLAUDE_SKILL_DIR}/scripts/run.sh) and [gone](${CLAUDE_SKILL_DIR}/scripts/gone.sh).\n"
    expect(lintFiles({ "SKILL.md": SKILL(body), "scripts/run.sh": "echo\n", "refs/a.md": "# A\n\n[up](${CLAUDE_SKILL_DIR}/scripts/run.sh)\n" }).lines).toEqual([
      "SKILL.md:7:54 error[E300]: SKL301 link-file-exists: link target not found: '${CLAUDE_SKILL_DIR}/scripts/gone.sh'",
      "refs/a.md:1:1 warning[W300]: SKL401 no-orphans: orphaned file: 'refs/a.md'"
    ])
    const out = lintFiles({ "SKILL.md": SKILL("# Demo\n\nSee [secret](${CLAUDE_SKILL_DIR}/../secret.md), run `${CLAUDE_SKILL_DIR}/../run.sh`.\n") }).lines
    expect(out).toEqual([
      "SKILL.md:7:5 error[E300]: SKL303 link-no-escape: link escapes skill root: '${CLAUDE_SKILL_DIR}/../secret.md'",
      "SKILL.md:7:54 warning[W300]: SKL304 skill-dir-file-exists: '${CLAUDE_SKILL_DIR}/../run.sh' climbs out of the skill's directory"
    ])
  })
})

describe("RFC-0008:C-EXTENSIONS SKL114 allowed-tools", () => {
  it("splits on spaces and commas outside parentheses", () => {
    expect(splitAllowedTools("Bash(git add:*) Read, Write")).toEqual(["Bash(git add:*)", "Read", "Write"])
    expect(["Read", "Bash(git:*)", "mcp__gh__issue", "Bash(a(b))"].every(isWellFormedTool)).toBe(true)
    expect(["Bash()", "Bash(x", "Bash)x(", "1Tool", "Ba sh"].some(isWellFormedTool)).toBe(false)
  })
  it("accepts Claude Code's MCP wildcards (CHANGELOG 2.0.70), only those", () => {
    expect(["mcp__github__*", "mcp__*", "mcp__github"].every(isWellFormedTool)).toBe(true)
    expect(["Bash*", "mcp__git*", "mcp__github__create*"].some(isWellFormedTool)).toBe(false)
  })
})

describe("RFC-0008:C-EXTENSIONS configuration handling", () => {
  it("validates options and reports unknown rules and options", () => {
    const r = lintFiles({ "SKILL.md": SKILL("# Demo\n") }, {
      SKL201: { severity: undefined, options: { "max-lines": -3, bogus: 1 } },
      SKL777: { severity: "off", options: {} }
    })
    expect(r.problems).toEqual([
      "unknown lint rule 'SKL777' in [lint] configuration; ignored",
      "lint.SKL201.max-lines must be a positive integer; using 500",
      "unknown option 'bogus' for lint rule SKL201; ignored"
    ])
  })
  it("severity overrides apply to every diagnostic of the rule", () => {
    expect(lintFiles({ "SKILL.md": SKILL("# Demo\n\n```\nx\n```\n") }, { SKL206: { severity: "error", options: {} } }).lines).toEqual([
      "SKILL.md:7:1 error[E300]: SKL206 code-block-language: code block has no language"
    ])
  })
})

describe("DECISIONS #3 the tool-skill dialect in the registry", () => {
  const tool = (version: string) =>
    `---\nname: git\nversion: ${version}\ndescription: Git operations. Use for checking status.\nauthor: someone\nmodes: [Dev, Global]\n---\n\n# Git\n\n## Tools\n\n### git_status\n\nShow status.\n\n#### Parameters\n\nNone.\n\n#### Command\n\n\`\`\`bash\ngit status --short\n\`\`\`\n`
  it("dialect fields are known and SKL5xx rules run when the skill declares tools", () => {
    expect(lintFiles({ "SKILL.md": tool("1.0.0") }, {}, "git").lines).toEqual([])
    expect(lintFiles({ "SKILL.md": tool("one") }, {}, "git").lines.map((l) => l.split(" ")[2])).toEqual(["SKL502"])
  })
  it("a plain skill gets no SKL5xx and its `version` is unknown to SKL109", () => {
    expect(lintFiles({ "SKILL.md": SKILL("# Demo\n", "name: demo\ndescription: Use when.\nversion: 1.0.0") }).lines).toEqual([
      "SKILL.md:4:1 warning[W300]: SKL109 frontmatter-known: unknown frontmatter field: 'version'"
    ])
  })
})

describe("RFC-0008:C-REGISTRY SKL301 link-file-exists: a target that differs only in case", () => {
  it("says which file differs only in case; a target nothing resembles keeps the plain message", () => {
    const files = { "SKILL.md": SKILL("# Demo\n\nSee [the reference](REFERENCE.md) and [notes](notes.md).\n"), "reference.md": "# Reference\n" }
    const lines = lintFiles(files).lines.filter((l) => l.includes("SKL301"))
    // Linux and the agents' sandboxes do not forgive the case: "not found" alone sent authors looking for a missing file.
    expect(lines).toEqual([
      "SKILL.md:7:5 error[E300]: SKL301 link-file-exists: link target not found: 'REFERENCE.md' ('reference.md' differs only in case)",
      "SKILL.md:7:39 error[E300]: SKL301 link-file-exists: link target not found: 'notes.md'"
    ])
  })
  it("a target written with Windows backslashes names the '/' spelling that is a file", () => {
    const files = {
      "SKILL.md": SKILL("# Demo\n\nSee [forms](reference\\forms.md), [guide](.\\reference\\guide.md) and [gone](reference\\gone.md).\n"),
      "reference/forms.md": "# Forms\n",
      "reference/guide.md": "# Guide\n"
    }
    const lines = lintFiles(files).lines.filter((l) => l.includes("SKL301")).map((l) => l.replace(/^.*link target not found: /, ""))
    expect(lines).toEqual([
      "'reference\\forms.md' (written with backslashes: a link's separator is '/', as 'reference/forms.md'; on macOS and Linux a backslash is part of the name)",
      "'.\\reference\\guide.md' (written with backslashes: a link's separator is '/', as './reference/guide.md'; on macOS and Linux a backslash is part of the name)",
      "'reference\\gone.md'"
    ])
  })
})

describe("SKL117 arguments-undeclared: amounts (Claude Code's `$N` is the argument N+1)", () => {
  const rule = (body: string, fields?: string) => lintFiles({ "SKILL.md": SKILL(body, fields) }).lines.filter((l) => l.includes("SKL117"))
  // Each at the column of its `$` (a probe: at column 1 of the table row, where an editor pointed).
  it("a price table is named as an amount, with the argument that replaces it and the escape", () => {
    expect(rule("# Demo\n\n| Model | Input |\n|---|---|\n| A | $10.00 |\n| B | $1,200 |\n")).toEqual([
      "SKILL.md:10:7 warning[W300]: SKL117 arguments-undeclared: the body has '$1,200', an amount to a reader, but Claude Code replaces '$1' with argument 2 of an invocation that has 2 or more ('$0' is the first); write '\\$1,200' for the amount (2 amounts written so) (claude)"
    ])
    expect(rule("# Demo\n\nIt costs $25.50 a month.\n")).toEqual([
      "SKILL.md:7:10 warning[W300]: SKL117 arguments-undeclared: the body has '$25.50', an amount to a reader, but Claude Code replaces '$25' with argument 26 of an invocation that has 26 or more ('$0' is the first); write '\\$25.50' for the amount (claude)"
    ])
  })
  it("a price with its unit or currency is an amount too (a published plan table: '$20/month')", () => {
    expect(rule("# Demo\n\n- Pro costs $20/month and includes $20/month of credit.\n")).toEqual([
      "SKILL.md:7:13 warning[W300]: SKL117 arguments-undeclared: the body has '$20/month', an amount to a reader, but Claude Code replaces '$20' with argument 21 of an invocation that has 21 or more ('$0' is the first); write '\\$20/month' for the amount (2 amounts written so) (claude)"
    ])
    expect(rule("# Demo\n\nSeats are $5 per user, or $30 USD.\n")[0]).toContain("the body has '$5', an amount to a reader")
    // "or more": `$200+` (a probe of published skills: "sweeps $200+ of orders" was called a placeholder).
    expect(rule("# Demo\n\nPlans cost $6,000/year. Cascades sweep $200+ of orders.\n")).toEqual([
      "SKILL.md:7:12 warning[W300]: SKL117 arguments-undeclared: the body has '$6,000/year', an amount to a reader, but Claude Code replaces '$6' with argument 7 of an invocation that has 7 or more ('$0' is the first); write '\\$6,000/year' for the amount (2 amounts written so) (claude)"
    ])
    expect(rule("# Demo\n\nCascades sweep $200+ of orders.\n")[0]).toContain("the body has '$200+', an amount to a reader")
    // No unit: still the placeholder it is to Claude Code.
    expect(rule("# Demo\n\nRun it with $2 as the name.\n")[0]).toContain("the body uses '$2', which Claude Code replaces")
  })
  it("a real placeholder anywhere is reported as one, before any amount", () => {
    expect(rule("# Demo\n\nCosts $5.00.\n\nFix issue $0 now.\n")).toEqual([
      "SKILL.md:9:11 warning[W300]: SKL117 arguments-undeclared: the body uses '$0', which Claude Code replaces with the invocation's arguments, but the skill declares no 'argument-hint' or 'arguments' (write '\\$' for a literal dollar sign) (claude)"
    ])
  })
  it("an escaped amount, a declared hint, and a dollar before a word are not reported", () => {
    expect(rule("# Demo\n\nCosts \\$5.00 and $HOME.\n")).toEqual([])
    expect(rule("# Demo\n\nCosts $5.00.\n", "name: demo\ndescription: Does demos. Use when asked.\nargument-hint: '[x]'")).toEqual([])
  })
})

describe("SKL401 no-orphans: a file named as @path (Claude Code's file reference) is reached", () => {
  it("@references/style.md reaches the file; without the mention it is an orphan", () => {
    const files = (body: string) => ({ "SKILL.md": SKILL(`# Demo\n\n${body}\n`), "references/style.md": "# Style\n" })
    expect(lintFiles(files("Follow @references/style.md when writing.")).lines).toEqual([])
    expect(lintFiles(files("Follow the style guide.")).lines).toEqual(["references/style.md:1:1 warning[W300]: SKL401 no-orphans: orphaned file: 'references/style.md'"])
  })
})
