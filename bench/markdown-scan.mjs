// markdown.scan: scanMarkdown (src/domain/markdown, the scanner skc keeps
// instead of a library parser) against the floor RFC work is judged by: read
// each file, hash it (sha256), split it on heading lines. Target: 3x.
// markdown.remark: the same corpus parsed by the library CommonMark parser
// the project's standards name (unified + remark-parse + remark-frontmatter),
// against the same floor and printed beside it: the measured reason for
// keeping our own scanner (issue 28 item 6). CPU time, best of five rounds.
// `npm run bench -- markdown`; alone: node bench/markdown-scan.mjs [MB] [files]
import { createHash } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { unified } from "unified"
import remarkParse from "remark-parse"
import remarkFrontmatter from "remark-frontmatter"
import { report } from "./lib.mjs"

export default async function markdownScanBench({ totalMb = 20, fileCount = 1000 } = {}) {
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
const floor = (list = files) => {
  let n = 0
  for (const path of list) {
    const text = readFileSync(path, "utf8")
    createHash("sha256").update(text).digest("hex")
    for (const line of text.split("\n")) if (HEADING_LINE.test(line)) n++
  }
  return n
}
const scan = (list = files) => {
  let n = 0
  for (const path of list) {
    const text = readFileSync(path, "utf8")
    createHash("sha256").update(text).digest("hex")
    n += scanMarkdown(text).headings.length
  }
  return n
}
// Best of several rounds, plus the first (cold) round, which pays for JIT
// warm-up as a one-shot `skc build` does.
const time = (fn, rounds = 5) => {
  let best = Infinity
  let first = 0
  let result
  for (let round = 0; round < rounds; round++) {
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
/** The library parser: an mdast tree per file (frontmatter recognised, as skc's scanner does), its headings counted. */
const processor = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"])
const countHeadings = (node) => (node.type === "heading" ? 1 : 0) + (node.children ?? []).reduce((n, c) => n + countHeadings(c), 0)
// A tenth of the corpus (the library is about a hundred times slower: the whole one would take minutes per round).
const sample = files.slice(0, Math.max(1, Math.floor(files.length / 10)))
const remark = (list = sample) => {
  let n = 0
  for (const path of list) {
    const text = readFileSync(path, "utf8")
    createHash("sha256").update(text).digest("hex")
    n += countHeadings(processor.parse(text))
  }
  return n
}
// Scan first: its cold round is what a single `skc build` pays.
const [scanMs, scanHeadings, scanCold] = time(scan)
const [floorMs, floorHeadings, floorCold] = time(floor)
// The library on the sample, against scanMarkdown and the floor on the same sample.
const [remarkMs, remarkHeadings] = time(remark, 2)
const [scanSampleMs, scanSampleHeadings] = time(() => scan(sample), 2)
const [floorSampleMs] = time(() => floor(sample), 2)
rmSync(dir, { recursive: true, force: true })
if (scanSampleHeadings !== remarkHeadings) console.log(`  note: headings found differ on the sample: scanMarkdown ${scanSampleHeadings}, remark ${remarkHeadings}`)
const out = [
  report("markdown.scan", scanMs, floorMs, 3, `${fileCount} files, ${totalMb} MB; cold round ${(scanCold / floorCold).toFixed(2)}x; ${scanHeadings} headings`),
  report(
    "markdown.remark",
    remarkMs,
    floorSampleMs,
    undefined,
    `unified + remark-parse + remark-frontmatter, ${sample.length} of the files: ${(remarkMs / scanSampleMs).toFixed(0)}x scanMarkdown's ${scanSampleMs.toFixed(0)} ms on them (best of 2)`
  )
]
return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await markdownScanBench({ totalMb: Number(process.argv[2] ?? 20), fileCount: Number(process.argv[3] ?? 1000) })
}
