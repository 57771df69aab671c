// RFC-0001:C-STUB, C-SECTIONS, C-CONSTRAINTS on the pure stub renderer (DECISIONS #26, #27).
import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { parse } from "yaml"
import {
  fitListing,
  renderStub,
  sectionListing,
  truncateDescription,
  type StubHeading,
  type StubInput,
  type StubReference
} from "../../src/domain/stub.js"

const h = (level: 1 | 2 | 3 | 4 | 5 | 6, text: string): StubHeading => ({ level, text })
const ref = (path: string, title?: string, description?: string): StubReference => ({ path, title, description })
const input = (over: Partial<StubInput> = {}): StubInput => ({
  name: "rust-cli",
  description: "Build Rust CLIs. Use when the user asks about clap.",
  skill: "rust-cli",
  main: [],
  references: [],
  ...over
})
const listing = (i: StubInput) => {
  const stub = renderStub(i)
  return stub.slice(stub.indexOf("## Top Sections\n\n") + "## Top Sections\n\n".length).trimEnd().split("\n")
}

describe("RFC-0001:C-SECTIONS", () => {
  it("RFC-0001:C-SECTIONS reproduces the RFC example", () => {
    const lines = listing(
      input({
        main: [h(1, "Rust CLI"), h(2, "Default Flow"), h(2, "Decision Tree"), h(1, "Advanced Topics"), h(2, "Performance")],
        references: [
          ref("references/clap.md", "Clap Patterns", "Advanced argument parsing examples"),
          ref("references/errors.md", "Error Handling", "anyhow vs thiserror patterns"),
          ref("references/tui.md", "TUI Guide")
        ]
      })
    )
    expect(lines).toEqual([
      "- Rust CLI",
      "  - Default Flow",
      "  - Decision Tree",
      "- Advanced Topics",
      "  - Performance",
      "- References (query by title only)",
      "  - Clap Patterns — Advanced argument parsing examples",
      "  - Error Handling — anyhow vs thiserror patterns",
      "  - TUI Guide"
    ])
  })

  it("RFC-0001:C-SECTIONS H1 at level 0, H2 at level 1, H3 and deeper excluded, first H1 not special", () => {
    const lines = listing(input({ main: [h(2, "Before"), h(1, "One"), h(3, "Deep"), h(4, "Deeper"), h(2, "Two"), h(1, "Again")] }))
    expect(lines).toEqual(["  - Before", "- One", "  - Two", "- Again"])
  })

  it("RFC-0001:C-SECTIONS limits SKILL.md to 15 entries with '… (N more)'", () => {
    const main = [h(1, "Top"), ...Array.from({ length: 20 }, (_, i) => h(2, `S${i + 1}`))]
    const lines = listing(input({ main }))
    expect(lines).toHaveLength(16)
    expect(lines[14]).toBe("  - S14")
    expect(lines[15]).toBe("- … (6 more)")
    expect(listing(input({ main: main.slice(0, 15) }))).toHaveLength(15)
  })

  it("RFC-0001:C-STUB a reference whose title or description holds control bytes (a binary .md) is listed by its path, nothing of them kept", () => {
    const stub = renderStub(input({ main: [h(1, "Rust CLI")], references: [ref("refs/bin.md", "Bin\u0000\u0001 title", "d\u0007"), ref("refs/ok.md", "Fine\ttitle")] }))
    expect(stub).toContain("  - refs/bin.md\n")
    expect(stub).toContain("  - Fine title\n")
    expect(stub).not.toMatch(/[\u0000-\u0008\u000e-\u001f\u007f]/)
  })

  it("RFC-0001:C-CONSTRAINTS at most 12 top-level headings, the rest counted", () => {
    const main = Array.from({ length: 14 }, (_, i) => h(1, `H${i + 1}`))
    const lines = listing(input({ main, references: [ref("a.md", "A")] }))
    expect(lines.filter((l) => l.startsWith("- H"))).toHaveLength(12)
    expect(lines[12]).toBe("- … (2 more)")
    // The References group is a label, not a heading: it is still there.
    expect(lines[13]).toBe("- References (query by title only)")
    expect(listing(input({ main: main.slice(0, 12) }))).toHaveLength(12)
  })

  it("RFC-0001:C-SECTIONS references: first H1, else the path; bytewise order given; the group only when there are files", () => {
    expect(listing(input({ main: [h(1, "X")] }))).toEqual(["- X"])
    const lines = listing(input({ references: [ref("a/no-title.md"), ref("b.md", "Bee")] }))
    expect(lines).toEqual(["- References (query by title only)", "  - a/no-title.md", "  - Bee"])
  })

  it("RFC-0001:C-SECTIONS limits references to 15 with '… (N more)' at level 1", () => {
    const refs = Array.from({ length: 18 }, (_, i) => ref(`r${String(i).padStart(2, "0")}.md`, `R${i}`))
    const lines = listing(input({ references: refs }))
    expect(lines).toHaveLength(1 + 15 + 1)
    expect(lines[16]).toBe("  - … (3 more)")
    expect(listing(input({ references: refs.slice(0, 15) }))).toHaveLength(16)
  })

  it("RFC-0001:C-SECTIONS descriptions: exactly 120 kept whole, 121 cut to 120 plus '…' (code points)", () => {
    const d120 = "x".repeat(119) + "é"
    const d121 = "😀".repeat(121)
    expect(truncateDescription(d120)).toBe(d120)
    expect(truncateDescription(d121)).toBe("😀".repeat(120) + "…")
    const lines = listing(input({ references: [ref("a.md", "A", d120), ref("b.md", "B", d121), ref("c.md", "C", "line\nbreak")] }))
    expect(lines[1]).toBe(`  - A — ${d120}`)
    expect(lines[2]).toBe(`  - B — ${"😀".repeat(120)}…`)
    expect(lines[3]).toBe("  - C — line break")
  })
})

describe("RFC-0001:C-STUB", () => {
  it("RFC-0001:C-STUB valid frontmatter preserving name and description, gateway notice, MCP preference, CLI examples", () => {
    const description = "Tricky: quotes \" and 'colons': and\na second line"
    const stub = renderStub(input({ description, main: [h(1, "Rust CLI")] }))
    const fm = stub.split("---\n")[1]
    expect(parse(fm)).toEqual({ name: "rust-cli", description })
    expect(stub).toMatch(/Do not read its source files directly/)
    expect(stub).toMatch(/prefer its tools \(`skc_outline`, `skc_show`,\n`skc_search`/)
    for (const cmd of ["skc outline rust-cli", 'skc show rust-cli --section "<heading>"', "skc open rust-cli <path>", "skc sources rust-cli"]) {
      expect(stub).toContain(cmd)
    }
    expect(stub).toContain("## Top Sections")
    expect(stub).not.toMatch(/(^|\s)\/(home|tmp|root|Users)\//)
  })

  it("DECISIONS #51 the source's other frontmatter fields follow name and description, in order, so the deployed skill keeps them", () => {
    const fields = {
      name: "rust-cli",
      description: "ignored here: the input's description is the one written",
      "allowed-tools": "Bash(cargo:*) Read",
      "disable-model-invocation": true,
      when_to_use: "When: a CLI needs flags",
      metadata: { author: "me", version: "1.0" },
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./check.sh" }] }] }
    }
    const stub = renderStub(input({ main: [h(1, "Rust CLI")], fields }))
    const fm = parse(stub.split("---\n")[1]!) as Record<string, unknown>
    expect(Object.keys(fm)).toEqual(["name", "description", "allowed-tools", "disable-model-invocation", "when_to_use", "metadata", "hooks"])
    expect(fm).toEqual({ ...fields, description: input().description })
  })

  it("DECISIONS #51 the other fields are copied as the author wrote them (1.0, '007', comments) when they read back the same", () => {
    const raw = ["name: rust-cli", "# who maintains it", "version: 1.0", "description: Build Rust CLIs.", "metadata:", "  n: '007'   # kept as text", "  ratio: 2.50", "license: MIT"].join("\n")
    const fields = parse(raw) as Record<string, unknown>
    const keyLines = { name: 2, version: 4, description: 5, metadata: 6, license: 9 }
    const stub = renderStub(input({ fields, source: { raw, keyLines } }))
    const fm = stub.split("---\n")[1]!
    expect(fm).toContain("version: 1.0\nmetadata:\n")
    expect(fm).toContain("  n: '007'   # kept as text\n  ratio: 2.50\nlicense: MIT\n")
    expect(parse(fm)).toEqual({ ...fields, description: input().description })
    // An alias to an anchor in a field the stub rewrites does not read back alone: the fields are written from their values.
    const aliased = ["name: &n rust-cli", "description: d", "metadata:", "  of: *n"].join("\n")
    const fromValues = renderStub(input({ fields: parse(aliased) as Record<string, unknown>, source: { raw: aliased, keyLines: { name: 2, description: 3, metadata: 4 } } }))
    expect(parse(fromValues.split("---\n")[1]!)).toMatchObject({ metadata: { of: "rust-cli" } })
  })

  it("comments before the first key and on the name and description lines stay, as the README says (quotes kept too)", () => {
    const raw = ["# owner: docs team", "name: fm", "description: 'Test: it. Use when testing.'  # keep short", "# reviewed 2026-11", "version: 1.0 # pinned"].join("\n")
    const fields = parse(raw) as Record<string, unknown>
    const stub = renderStub(input({ name: "fm", description: "Test: it. Use when testing.", fields, source: { raw, keyLines: { name: 3, description: 4, version: 6 } } }))
    const fm = stub.split("---\n")[1]!
    expect(fm).toBe(`${raw}\n`)
    expect(parse(fm)).toEqual(fields)
    // A description on several lines is written on one, double-quoted, as before; the leading comment still stays.
    const folded = ["# owner: docs team", "name: fm", "description: >-", "  Test it.", "  Use when testing."].join("\n")
    const written = renderStub(input({ name: "fm", description: "Test it. Use when testing.", fields: parse(folded) as Record<string, unknown>, source: { raw: folded, keyLines: { name: 3, description: 4 } } }))
    expect(written.split("---\n")[1]).toBe("# owner: docs team\nname: fm\ndescription: Test it. Use when testing.\n")
    // A description with line breaks of its own is double-quoted on one line; the name beside it is not.
    const literal = ["name: claude-api", "description: |-", "  Builds apps.", "  TRIGGER when asked."].join("\n")
    const both = renderStub(input({ name: "claude-api", description: "Builds apps.\nTRIGGER when asked.", fields: parse(literal) as Record<string, unknown>, source: { raw: literal, keyLines: { name: 2, description: 3 } } }))
    expect(both.split("---\n")[1]).toBe('name: claude-api\ndescription: "Builds apps.\\nTRIGGER when asked."\n')
    // However long: the yaml library folded one of 40 characters or more over several lines, blank ones between
    // (anthropics/skills' claude-api, a published-skills probe).
    const long = `Builds apps with the Claude API and its SDKs for many languages.\nTRIGGER when: code imports anthropic.\nDO NOT TRIGGER when: ${"other things. ".repeat(20)}`
    const longRaw = ["name: claude-api", "description: |-", ...long.split("\n").map((l) => `  ${l}`)].join("\n")
    const longStub = renderStub(input({ name: "claude-api", description: long, fields: parse(longRaw) as Record<string, unknown>, source: { raw: longRaw, keyLines: { name: 2, description: 3 } } }))
    const longFm = longStub.split("---\n")[1]!
    expect(longFm.split("\n").filter((l) => l !== "")).toHaveLength(2)
    expect(parse(longFm)).toEqual({ name: "claude-api", description: long })
  })

  it("RFC-0001:C-CONSTRAINTS fields too long for block style are written one per line, and the stub stays within 100 lines", () => {
    const hooks = { PreToolUse: Array.from({ length: 30 }, (_, i) => ({ matcher: `Tool${i}`, hooks: [{ type: "command", command: `./check-${i}.sh` }] })) }
    const stub = renderStub(input({ main: Array.from({ length: 40 }, (_, i) => h(2, `Section ${i}`)), fields: { hooks, "allowed-tools": "Read" } }))
    const fm = parse(stub.split("---\n")[1]!) as Record<string, unknown>
    expect(fm.hooks).toEqual(hooks)
    expect(fm["allowed-tools"]).toBe("Read")
    expect(stub.split("---\n")[1]!.trimEnd().split("\n")).toHaveLength(4)
    expect(stub.trimEnd().split("\n").length).toBeLessThanOrEqual(100)
  })

  it("RFC-0001:C-CONSTRAINTS the stub never exceeds 100 lines, whatever the input", () => {
    const heading = fc.record({ level: fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>, text: fc.string({ minLength: 1, maxLength: 30 }) })
    fc.assert(
      fc.property(
        fc.array(heading, { maxLength: 60 }),
        fc.array(fc.record({ path: fc.string({ minLength: 1 }), title: fc.option(fc.string(), { nil: undefined }), description: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }) }), { maxLength: 40 }),
        fc.string({ maxLength: 400 }),
        (main, references, description) => {
          const stub = renderStub(input({ main, references, description: description + "d" }))
          expect(stub.trimEnd().split("\n").length).toBeLessThanOrEqual(100)
        }
      ),
      { numRuns: 200 }
    )
  })

  it("RFC-0001:C-CONSTRAINTS a listing too long for the room is cut with one '… (N more)' counting what went", () => {
    const items = sectionListing({ main: Array.from({ length: 15 }, (_, i) => h(2, `S${i}`)), references: [ref("a.md", "A"), ref("b.md", "B")] })
    const fitted = fitListing(items, 10)
    expect(fitted).toHaveLength(10)
    expect(fitted[9]).toEqual({ kind: "more", indent: 0, count: 15 + 3 - 9 })
  })
})
