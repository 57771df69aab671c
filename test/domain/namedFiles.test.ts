// Which of a skill's own files a section names (docs/decisions.md P7): the
// words that may be paths (the mentions lint and load resolve), looked up
// from the skill's root and beside the section's file, Markdown and the
// section's own file left out.
import { describe, expect, it } from "vitest"
import { NAMED_FILES_MOST, NAMED_FILES_SCANNED_CHARS, filesNamed, pathWords } from "../../src/domain/namedFiles.js"

const FILES = new Set([
  "SKILL.md",
  "forms.md",
  "reference.md",
  "LICENSE.txt",
  "scripts/fill.py",
  "scripts/check.py",
  "references/guide.md",
  "references/helper.sh",
  "assets/template.docx"
])

const named = (text: string, file = "SKILL.md") => filesNamed(pathWords(text, file), file, FILES)

describe("filesNamed (P7)", () => {
  it("reads ${CLAUDE_SKILL_DIR}/… (Claude Code's name for the skill's directory) from the root, never beside the file", () => {
    expect(named("Run `python ${CLAUDE_SKILL_DIR}/scripts/fill.py` or ${CLAUDE_SKILL_DIR}/helper.sh", "references/guide.md")).toEqual({
      paths: ["scripts/fill.py"],
      more: 0
    })
    expect(named("`${CLAUDE_SKILL_DIR}/../etc/passwd` and ${CLAUDE_SKILL_DIR}")).toEqual({ paths: [], more: 0 })
  })

  it("a Python import names the skill's module file (slack-gif-creator's `from core.gif_builder import GIFBuilder`)", () => {
    const files = new Set([...FILES, "core/gif_builder.py", "core/frame_composer.py", "core/__init__.py", "scripts/helpers.py", "lib/pkg/__init__.py"])
    const text = [
      "```python",
      "from core.gif_builder import GIFBuilder",
      "from core import frame_composer, missing_one",
      "import helpers as h, os",
      "import lib.pkg",
      "from __future__ import annotations",
      "from .relative import x",
      "```"
    ].join("\n")
    expect(filesNamed(pathWords(text, "SKILL.md"), "SKILL.md", files)).toEqual({
      paths: ["core/gif_builder.py", "core/__init__.py", "core/frame_composer.py", "scripts/helpers.py", "lib/pkg/__init__.py"],
      more: 0
    })
    // Prose that says "import" names nothing.
    expect(filesNamed(pathWords("You can import the data from core into a sheet.", "SKILL.md"), "SKILL.md", files)).toEqual({ paths: [], more: 0 })
  })

  it("a file name alone names the skill's one file of that name (a list under **examples/**), never one of two", () => {
    const files = new Set([...FILES, "examples/console_logging.py", "examples/run.py", "scripts/run.py"])
    const text = "- **examples/** - patterns:\n  - `console_logging.py` - capture logs\n  - `run.py` - two of that name"
    expect(filesNamed(pathWords(text, "SKILL.md"), "SKILL.md", files)).toEqual({ paths: ["examples/console_logging.py"], more: 0 })
  })

  it("names a script in inline code, a shell line and a link, once each, in the order first named", () => {
    const text = [
      "Run this script from this file's directory: `python scripts/fill.py <in.pdf> <out.pdf>`.",
      "Then [check it](scripts/check.py#usage) and fill again: python scripts/fill.py again.pdf",
      "Start from ./assets/template.docx."
    ].join("\n")
    expect(named(text)).toEqual({ paths: ["scripts/fill.py", "scripts/check.py", "assets/template.docx"], more: 0 })
  })

  it("leaves out Markdown (read through show and open), the section's own file, and words naming no file of the skill", () => {
    const text = "See forms.md and [the guide](references/guide.md); e.g. run scripts/missing.py or python3 foo.py; LICENSE.txt"
    expect(named(text, "LICENSE.txt")).toEqual({ paths: [], more: 0 })
    expect(named("Terms: LICENSE.txt.")).toEqual({ paths: ["LICENSE.txt"], more: 0 })
  })

  it("looks from the root, then beside the section's file (the order lint and load resolve references in)", () => {
    expect(named("Run `./helper.sh` then scripts/fill.py", "references/guide.md")).toEqual({
      paths: ["references/helper.sh", "scripts/fill.py"],
      more: 0
    })
    // `../scripts/check.py` from references/ is the root's scripts/check.py.
    expect(named("bash ../scripts/check.py", "references/guide.md")).toEqual({ paths: ["scripts/check.py"], more: 0 })
    // A path that exists from the root wins over one beside the file.
    const both = new Set(["references/guide.md", "scripts/fill.py", "references/scripts/fill.py"])
    expect(filesNamed(pathWords("python scripts/fill.py", "references/guide.md"), "references/guide.md", both).paths).toEqual(["scripts/fill.py"])
  })

  it("never climbs above the root, and ignores URLs, absolute and home paths", () => {
    const text = "../../scripts/fill.py /scripts/fill.py ~/scripts/fill.py https://example.com/scripts/fill.py $HOME/scripts/check.py"
    expect(named(text)).toEqual({ paths: [], more: 0 })
  })

  it("no word that may be a path: nothing to look up (the caller reads no file list)", () => {
    // A sentence's closing full stop is no extension: "qpdf." is not a file name.
    expect(pathWords("Use pypdf to merge documents, then qpdf.", "SKILL.md")).toEqual([])
    expect(pathWords("plain words only", "SKILL.md")).toEqual([])
  })

  it(`names at most ${NAMED_FILES_MOST} files and counts the rest`, () => {
    const many = new Set(Array.from({ length: 30 }, (_, i) => `scripts/s${i}.py`))
    const text = [...many].join(" ")
    const r = filesNamed(pathWords(text, "SKILL.md"), "SKILL.md", many)
    expect(r.paths).toHaveLength(NAMED_FILES_MOST)
    expect(r.paths[0]).toBe("scripts/s0.py")
    expect(r.more).toBe(30 - NAMED_FILES_MOST)
  })

  it("looks through the first 256 KiB of a text only: a huge file opened whole costs a bounded scan", () => {
    const filler = "plain words and more plain words\n".repeat(Math.ceil(NAMED_FILES_SCANNED_CHARS / 33))
    expect(named(`run scripts/fill.py\n${filler}then scripts/check.py`)).toEqual({ paths: ["scripts/fill.py"], more: 0 })
  })
})
