// Timing of scanMarkdown against the floor RFC work is judged by: read each
// file, hash it (sha256), split it on heading lines. Informative only; the
// tests never assert times. Run: node bench/markdown-scan.mjs [MB] [files]
import { createHash } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { build } from "esbuild"

const totalMb = Number(process.argv[2] ?? 20)
const fileCount = Number(process.argv[3] ?? 1000)

const bundled = await build({
  entryPoints: [new URL("../src/domain/markdown/model.ts", import.meta.url).pathname],
  bundle: true,
  write: false,
  format: "esm",
  platform: "node",
  packages: "external"
})
// Written beside this script so that `yaml` resolves from the package.
const modulePath = new URL("./.markdown-scan.bundle.mjs", import.meta.url).pathname
writeFileSync(modulePath, bundled.outputFiles[0].text)
const { scanMarkdown } = await import(modulePath)
rmSync(modulePath)
const dir = mkdtempSync(join(tmpdir(), "skc-md-bench-"))

// Realistic skill reference material: prose, lists, code with `#` comments,
// tables, quotes, headings at several levels.
const chunk = (i) => `## Section ${i}

Some prose with *emphasis*, \`code\`, a [link](ref-${i}.md) and more words to
make the paragraph about as long as real documentation paragraphs tend to be.

- item one with **bold**
- item two
  continued

\`\`\`bash
# a comment that is not a heading
echo "${i}"
\`\`\`

### Detail ${i}

| a | b |
|---|---|
| 1 | 2 |

> A quote line
> another

`
const perFile = Math.floor((totalMb * 1024 * 1024) / fileCount)
const files = []
for (let f = 0; f < fileCount; f++) {
  let text = `---\ndescription: File ${f}\n---\n# File ${f}\n\n`
  let i = 0
  while (text.length < perFile) text += chunk(i++)
  const path = join(dir, `f${f}.md`)
  writeFileSync(path, text)
  files.push(path)
}

const HEADING_LINE = /^#{1,6}[ \t]/
const floor = () => {
  let n = 0
  for (const path of files) {
    const text = readFileSync(path, "utf8")
    createHash("sha256").update(text).digest("hex")
    for (const line of text.split("\n")) if (HEADING_LINE.test(line)) n++
  }
  return n
}
const scan = () => {
  let n = 0
  for (const path of files) {
    const text = readFileSync(path, "utf8")
    createHash("sha256").update(text).digest("hex")
    n += scanMarkdown(text).headings.length
  }
  return n
}
// Best of several rounds, plus the first (cold) round, which pays for JIT
// warm-up as a one-shot `skc build` does.
const time = (fn) => {
  let best = Infinity
  let first = 0
  let result
  for (let round = 0; round < 5; round++) {
    // CPU time, not wall time: on a shared, loaded machine wall time mostly
    // measures the scheduler.
    const start = process.cpuUsage()
    result = fn()
    const used = process.cpuUsage(start)
    const ms = (used.user + used.system) / 1000
    if (round === 0) first = ms
    best = Math.min(best, ms)
  }
  return [best, result, first]
}
// Scan first: its cold round is what a single `skc build` pays.
const [scanMs, scanHeadings, scanCold] = time(scan)
const [floorMs, floorHeadings, floorCold] = time(floor)
console.log(`${fileCount} files, ${totalMb} MB`)
console.log(`floor (read + sha256 + split on heading lines): ${floorMs.toFixed(0)} ms cpu (${floorHeadings} heading-like lines)`)
console.log(`read + sha256 + scanMarkdown:                   ${scanMs.toFixed(0)} ms cpu (${scanHeadings} headings)`)
console.log(`cold rounds: scan ${scanCold.toFixed(0)} ms cpu, floor ${floorCold.toFixed(0)} ms cpu`)
console.log(`ratio: ${(scanMs / floorMs).toFixed(2)}x best of 5, ${(scanCold / floorCold).toFixed(2)}x cold (budget 3x)`)
rmSync(dir, { recursive: true, force: true })
