// The large synthetic skill shared by benchmarks: a SKILL.md near the size
// limit linking 300 reference files of ~150 lines each (headings, links,
// anchors, code blocks, tables), plus scripts and binary assets — about 4 MB
// of markdown. Deterministic, so figures compare across runs.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"

export const REFERENCE_FILES = 300

const reference = (i) => {
  const out = [`# Reference ${i}`, "", `Back to [the skill](../SKILL.md#large-skill).`, ""]
  for (let s = 0; s < 12; s++) {
    out.push(`## Section ${s} of ${i}`, "", `Paragraph with **bold**, \`code\`, a [link](ref-${(i + 1) % REFERENCE_FILES}.md#section-${s}-of-${(i + 1) % REFERENCE_FILES}) and text.`.repeat(2), "")
    out.push(`### Detail ${s}`, "", "```bash", `echo step ${s}`, "git status", "```", "", "| a | b |", "|---|---|", `| ${s} | ${i} |`, "")
  }
  return out.join("\n") + "\n"
}

export const writeLargeSkill = (parent, name = "large-skill") => {
  const dir = join(parent, name)
  mkdirSync(join(dir, "references"), { recursive: true })
  mkdirSync(join(dir, "scripts"), { recursive: true })
  mkdirSync(join(dir, "assets"), { recursive: true })
  const body = ["---", `name: ${name}`, "description: A large synthetic skill. Use when benchmarking skc.", "license: MIT", "---", "", "# Large Skill", ""]
  for (let i = 0; i < REFERENCE_FILES; i++) body.push(`- [Reference ${i}](references/ref-${i}.md)`)
  body.push("")
  for (let s = 0; s < 40; s++) body.push(`## Topic ${s}`, "", `Text about topic ${s}. See [reference](references/ref-${s}.md#section-1-of-${s}).`, "")
  writeFileSync(join(dir, "SKILL.md"), body.join("\n") + "\n")
  let bytes = Buffer.byteLength(body.join("\n") + "\n")
  for (let i = 0; i < REFERENCE_FILES; i++) {
    const text = reference(i)
    bytes += Buffer.byteLength(text)
    writeFileSync(join(dir, "references", `ref-${i}.md`), text)
  }
  for (let i = 0; i < 20; i++) writeFileSync(join(dir, "scripts", `s${i}.py`), `print(${i})\n`)
  writeFileSync(join(dir, "assets", "blob.bin"), Buffer.alloc(1 << 20, 7))
  return { dir, markdownBytes: bytes }
}
