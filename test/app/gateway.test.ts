// outline, open and sources in process on the in-memory file system, links
// included (RFC-0002:C-OUTLINE, C-OPEN, C-SOURCES, C-ERRORS; DECISIONS #10,
// #11, #24, #25). Moved here from test/e2e/gateway.test.ts, which keeps the
// smoke test of the text output and exit statuses.
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { makeMemoryFileSystem } from "../../src/adapters/memory/MemoryFileSystem.js"
import { openFile } from "../../src/app/search/open.js"
import { outline } from "../../src/app/search/outline.js"
import { sources, sourcesJson } from "../../src/app/search/sources.js"
import { renderSourcesTree } from "../../src/domain/sourcesTree.js"
import { failureText, memoryLayer } from "../helpers/worlds.js"

const ROOT = "/proj"
const SKILL = "/proj/.skillc/skills/demo"
const BIN_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0a, 0xff, 0xfe, 0x0a, 0x01])

const fs = makeMemoryFileSystem()
fs.seed({
  [`${SKILL}/SKILL.md`]: "---\nname: demo\ndescription: d\n---\n# Demo\n\n## Start\n\n```\n# fenced, not a heading\n```\n\n### Detail\n",
  [`${SKILL}/references/b.md`]: "# Bee\n## Bee two\n",
  [`${SKILL}/references/A.md`]: "# Upper A\n",
  [`${SKILL}/space dir/ünï code.md`]: "# Ünï\n",
  [`${SKILL}/notes.txt`]: "one\ntwo\nthree",
  [`${SKILL}/assets/logo.png`]: BIN_BYTES,
  [`${SKILL}/.git/HEAD`]: "ref\n",
  [`${ROOT}/outside.txt`]: "secret"
})
Effect.runSync(fs.symlink(`${ROOT}/outside.txt`, `${SKILL}/references/leak.txt`, "file"))
Effect.runSync(fs.symlink(ROOT, `${SKILL}/escape-dir`, "dir"))
Effect.runSync(fs.symlink("b.md", `${SKILL}/references/alias.md`, "file"))

layer(memoryLayer({ fs }))("RFC-0002 gateway commands", (it) => {
  describe("RFC-0002:C-OUTLINE", () => {
    it.effect("RFC-0002:C-OUTLINE every .md file in bytewise order, headings in file order, never fenced code", () =>
      Effect.gen(function* () {
        const r = yield* outline({ skill: "demo" })
        expect(r.skill).toBe("demo")
        expect(r.headings.map((h) => `${h.file} ${"#".repeat(h.level)} ${h.text}`)).toEqual([
          "SKILL.md # Demo",
          "SKILL.md ## Start",
          "SKILL.md ### Detail",
          "references/A.md # Upper A",
          "references/alias.md # Bee",
          "references/alias.md ## Bee two",
          "references/b.md # Bee",
          "references/b.md ## Bee two",
          "space dir/ünï code.md # Ünï"
        ])
      }))

    it.effect("RFC-0002:C-OUTLINE level and the JSON shape of DECISIONS #10", () =>
      Effect.gen(function* () {
        const doc = JSON.parse(JSON.stringify(yield* outline({ skill: "demo", level: 1 })))
        expect(doc.skill).toBe("demo")
        expect(doc.headings[0]).toEqual({ file: "SKILL.md", level: 1, text: "Demo", line: 5 })
        expect(doc.headings.every((h: { level: number }) => h.level === 1)).toBe(true)
      }))
  })

  describe("RFC-0002:C-OPEN", () => {
    it.effect("RFC-0002:C-OPEN returns bytes exactly, binary included, names with spaces and unicode", () =>
      Effect.gen(function* () {
        const notes = yield* openFile({ skill: "demo", path: "notes.txt" })
        expect(new TextDecoder().decode(notes.bytes)).toBe("one\ntwo\nthree")
        expect(notes.result).toEqual({ skill: "demo", path: "notes.txt", content: "one\ntwo\nthree", truncated: false })
        expect((yield* openFile({ skill: "demo", path: "space dir/ünï code.md" })).result.content).toBe("# Ünï\n")
        const png = yield* openFile({ skill: "demo", path: "assets/logo.png" })
        expect(png.result).toEqual({
          skill: "demo",
          path: "assets/logo.png",
          content: Buffer.from(BIN_BYTES).toString("base64"),
          truncated: false,
          encoding: "base64"
        })
        expect([...png.bytes]).toEqual([...BIN_BYTES])
        expect((yield* openFile({ skill: "demo", path: "./references/../notes.txt" })).result).toEqual({
          skill: "demo",
          path: "notes.txt",
          content: "one\ntwo\nthree",
          truncated: false
        })
        expect((yield* openFile({ skill: "demo", path: "references/alias.md" })).result.content).toBe("# Bee\n## Bee two\n")
      }))

    it.effect("RFC-0002:C-OPEN max_lines appends '... (N more lines)'", () =>
      Effect.gen(function* () {
        expect((yield* openFile({ skill: "demo", path: "notes.txt", max_lines: 1 })).result).toMatchObject({
          truncated: true,
          content: "one\n... (2 more lines)\n"
        })
        expect((yield* openFile({ skill: "demo", path: "notes.txt", max_lines: 3 })).result).toMatchObject({
          truncated: false,
          content: "one\ntwo\nthree"
        })
        expect((yield* openFile({ skill: "demo", path: "notes.txt", max_lines: 2 })).result).toMatchObject({
          truncated: true,
          content: "one\ntwo\n... (1 more lines)\n"
        })
      }))

    it.effect("RFC-0002:C-ERRORS E012 for .., absolute paths and symlinks leading out; E021; directories refused; E001", () =>
      Effect.gen(function* () {
        for (const p of ["../../../outside.txt", `${ROOT}/outside.txt`, "references/leak.txt", "escape-dir/outside.txt", "references/../../x"]) {
          expect(yield* failureText(openFile({ skill: "demo", path: p })), p).toBe(`error[E012]: path escapes skill root: '${p}'`)
        }
        // DECISIONS #28: an absolute path naming one of the skill's own files is E012 too, and says the path to give
        // (an agent joining `base_dir` to a file name was told only that it escapes the root, which was untrue).
        expect(yield* failureText(openFile({ skill: "demo", path: `${SKILL}/notes.txt` }))).toBe(
          `error[E012]: path escapes skill root: '${SKILL}/notes.txt'\n  the path is inside the skill, but paths are given relative to its root: 'notes.txt'`
        )
        // Through a link that leads out of the skill: the relative path would be refused too, so none is offered.
        expect(yield* failureText(openFile({ skill: "demo", path: `${SKILL}/escape-dir/outside.txt` }))).toBe(`error[E012]: path escapes skill root: '${SKILL}/escape-dir/outside.txt'`)
        expect(yield* failureText(openFile({ skill: "demo", path: "nope.md" }))).toMatch(/^error\[E021\]:\ file\ not\ found:\ 'nope\.md'(\n  .*)*$/)
        expect(yield* failureText(openFile({ skill: "demo", path: "references" }))).toMatch(/^error: 'references' is a directory/)
        expect(yield* failureText(openFile({ skill: "ghost", path: "x" }))).toMatch(/^error\[E001\]:\ skill\ 'ghost'\ not\ found(\n  .*)*$/)
      }))
  })

  describe("RFC-0002:C-SOURCES", () => {
    it.effect("RFC-0002:C-SOURCES tree of the source directory, escaping links and .git left out", () =>
      Effect.gen(function* () {
        const r = yield* sources({ skill: "demo" })
        expect(renderSourcesTree(r.root, r)).toBe(
          [
            "demo/",
            "├── assets/",
            "│   └── logo.png",
            "├── references/",
            "│   ├── A.md",
            "│   ├── alias.md",
            "│   └── b.md",
            "├── space dir/",
            "│   └── ünï code.md",
            "├── SKILL.md",
            "└── notes.txt",
            ""
          ].join("\n")
        )
      }))

    it.effect("RFC-0002:C-SOURCES depth, dir, limit, pattern and JSON (DECISIONS #11, #24, #25)", () =>
      Effect.gen(function* () {
        const shallow = yield* sources({ skill: "demo", depth: 1 })
        expect(renderSourcesTree(shallow.root, shallow)).toContain("├── references/ (3 files)\n")
        const limited = yield* sources({ skill: "demo", dir: "references", limit: 2 })
        expect(renderSourcesTree(limited.root, limited)).toBe("references/\n├── A.md\n├── alias.md\n└── ... (1 more)\n")
        expect(sourcesJson(yield* sources({ skill: "demo", pattern: "*.md" }))).toEqual([
          { path: "references", type: "dir" },
          { path: "references/A.md", type: "file" },
          { path: "references/alias.md", type: "file" },
          { path: "references/b.md", type: "file" },
          { path: "space dir", type: "dir" },
          { path: "space dir/ünï code.md", type: "file" },
          { path: "SKILL.md", type: "file" }
        ])
      }))

    it.effect("DECISIONS #25 a glob picomatch cannot compile (past 65,536 characters) is E100, as list says, and the error line stays bounded", () =>
      Effect.gen(function* () {
        const text = yield* failureText(sources({ skill: "demo", pattern: "a".repeat(100_000) }))
        expect(text).toMatch(/^error\[E100\]: invalid option: --pattern: invalid glob 'a+… \(99,\d{3} characters left out\) …a+' \(longer than a glob may be: 65,536 characters\)$/)
        expect(text.length).toBeLessThan(1100)
      }))

    it.effect("RFC-0002:C-ERRORS dir outside is E012, missing is E022", () =>
      Effect.gen(function* () {
        expect(yield* failureText(sources({ skill: "demo", dir: ".." }))).toBe("error[E012]: path escapes skill root: '..'")
        expect(yield* failureText(sources({ skill: "demo", dir: "escape-dir" }))).toBe("error[E012]: path escapes skill root: 'escape-dir'")
        // The way on (issue 25 item 3): a directory of a close name, else the command that lists them.
        expect(yield* failureText(sources({ skill: "demo", dir: "nope" }))).toBe("error[E022]: directory not found: 'nope'\n  the skill's files and directories: skc sources demo")
        expect(yield* failureText(sources({ skill: "demo", dir: "notes.txt" }))).toBe("error[E022]: directory not found: 'notes.txt'\n  the skill's files and directories: skc sources demo")
        expect(yield* failureText(sources({ skill: "demo", dir: "reference" }))).toBe("error[E022]: directory not found: 'reference'\n  did you mean 'references'?")
      }))
  })
})
