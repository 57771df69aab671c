// `npm run bench -- hostile` (issue 19): each hostile markdown input of
// bench/_hostile-inputs.mjs at 1× and 4× its base size, read by the readers
// behind build (scanMarkdown), lint (parseLintAst) and tools/run
// (parseToolSkill). Prints size and the 4×/1× time ratio: ≈4 is linear;
// the tests (test/hostile/linearity.test.ts) require ≤ 6.
// Run alone: node bench/hostile.mjs [base bytes, default 262144]
import { rmSync, writeFileSync } from "node:fs"
import { build } from "esbuild"
import { HOSTILE_INPUTS } from "./_hostile-inputs.mjs"

const entry = `
export { scanMarkdown } from "../src/domain/markdown/model.ts"
export { parseLintAst } from "../src/domain/markdown/lintAst.ts"
export { parseToolSkill } from "../src/domain/tools/parse.ts"
`

const best = (f, s, runs = 3) => {
  let min = Infinity
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    f(s)
    min = Math.min(min, performance.now() - t)
  }
  return min
}

export default async function hostile(baseArg) {
  const base = Number(baseArg ?? 256 * 1024)
  const bundled = await build({
    stdin: { contents: entry, resolveDir: new URL(".", import.meta.url).pathname, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    packages: "external"
  })
  // Written beside this script so that the packages resolve from the repository.
  const modulePath = new URL("./.hostile.bundle.mjs", import.meta.url).pathname
  writeFileSync(modulePath, bundled.outputFiles[0].text)
  let readers
  try {
    readers = await import(modulePath)
  } finally {
    rmSync(modulePath)
  }
  console.log(`hostile inputs (issue 19): base ${(base / 1024).toFixed(0)} KiB; ratio = time(4×) ÷ time(1×), linear ≈ 4, required ≤ 6`)
  for (const [name, generate] of Object.entries(HOSTILE_INPUTS)) {
    const small = generate(base)
    const large = generate(4 * base)
    for (const reader of ["scanMarkdown", "parseLintAst", "parseToolSkill"]) {
      const read = readers[reader]
      read(small)
      const a = best(read, small)
      const b = best(read, large)
      const ratio = b / Math.max(a, 0.05)
      const flag = ratio > 6 ? "  ← super-linear" : ""
      console.log(
        `  ${name.padEnd(34)} ${reader.padEnd(15)} ${(small.length / 1024).toFixed(0).padStart(6)} KiB ${a.toFixed(1).padStart(8)} ms | ${(large.length / 1024).toFixed(0).padStart(6)} KiB ${b.toFixed(1).padStart(8)} ms | ratio ${ratio.toFixed(2)}${flag}`
      )
    }
  }
  console.log("")
}

if (import.meta.url === `file://${process.argv[1]}`) await hostile(process.argv[2])
