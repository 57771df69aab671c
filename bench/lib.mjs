// Shared benchmark helpers: wall-clock timing of child processes, medians,
// percentiles and a uniform result line. Floors are measured in the same
// run as the figure they bound, interleaved, so machine noise hits both.
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, realpathSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..")
export const BIN = join(ROOT, "bin", "skc.mjs")

/** The environment every timed process gets: NODE_EXTRA_CA_CERTS alone adds ~100 ms to a node start. */
export const benchEnv = (extra = {}) => {
  const env = { ...process.env, NO_COLOR: "1", ...extra }
  delete env.NODE_EXTRA_CA_CERTS
  return env
}

export const sandbox = (prefix = "skc-bench-") => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)))
  const home = join(root, "home")
  const work = join(root, "work")
  mkdirSync(home, { recursive: true })
  mkdirSync(work, { recursive: true })
  return { root, home, work }
}

export const timeOnce = (argv, options = {}) => {
  const t0 = process.hrtime.bigint()
  const r = spawnSync(argv[0], argv.slice(1), { stdio: ["ignore", "ignore", "pipe"], ...options })
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (r.status !== 0 && !options.allowFail) {
    throw new Error(`${argv.join(" ")} exited ${r.status}: ${r.stderr?.toString().slice(0, 500)}`)
  }
  return ms
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

/**
 * Time each candidate `runs` times, interleaved round-robin with each
 * other, after one warm-up each. `candidates` is { name: () => ms }.
 */
export const interleave = (candidates, runs) => {
  const samples = Object.fromEntries(Object.keys(candidates).map((k) => [k, []]))
  for (const f of Object.values(candidates)) f()
  for (let i = 0; i < runs; i++) for (const [k, f] of Object.entries(candidates)) samples[k].push(f())
  return samples
}

export const fmt = (ms) => `${ms.toFixed(1)} ms`

/** One result line: `name  value  floor  ratio  (target)`. Returns a record for the summary. */
export const report = (name, valueMs, floorMs, target, extra = "") => {
  const ratio = valueMs / floorMs
  const ok = target === undefined ? "" : ratio <= target ? "  ok" : "  OVER TARGET"
  console.log(
    `${name.padEnd(18)} ${fmt(valueMs).padStart(10)}   floor ${fmt(floorMs).padStart(10)}   ratio ${ratio.toFixed(2)}` +
      (target === undefined ? "" : ` (target ≤ ${target})`) + ok + (extra ? `   ${extra}` : "")
  )
  return { name, valueMs, floorMs, ratio, target }
}

/**
 * Modules of skc bundled from its sources (no prior `npm run build`
 * needed), so a floor runs skc's own statements rather than a copy that
 * could drift: `lines` are `export … from "./src/…"` lines, relative to the
 * repository root; the bundle goes to `bench/.work/<name>.mjs`.
 */
export const fromSource = async (name, lines) => {
  const { build } = await import("esbuild")
  const outfile = join(ROOT, "bench", ".work", `${name}.mjs`)
  await build({
    stdin: { contents: lines.join("\n"), resolveDir: ROOT, loader: "ts" },
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
    logLevel: "warning"
  })
  return import(pathToFileURL(outfile).href)
}
