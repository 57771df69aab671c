// build.cold: `skc build` of a large synthetic skill (≈1,000 files, ≈20 MB
// of markdown, deterministic) into a fresh runtime, against a floor script
// that reads, hashes and section-splits the same files (bench/_build-floor.mjs),
// interleaved in the same run. Target: ratio ≤ 3. Also reports MB/s.
import { appendFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { readdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { BIN, benchEnv, interleave, median, report, sandbox, timeOnce } from "./lib.mjs"

const here = dirname(fileURLToPath(import.meta.url))

/** Deterministic pseudo-random text (xorshift), so every run builds the same bytes. */
export const generate = (root, { files = 1000, bytes = 20 * 1024 * 1024 } = {}) => {
  let seed = 0x9e3779b9
  const rand = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return (seed >>> 0) / 0x100000000
  }
  const words = "agent skill section heading compile stub manifest runtime deploy symlink gateway outline source hash index query token".split(" ")
  const sentence = () => Array.from({ length: 8 + Math.floor(rand() * 10) }, () => words[Math.floor(rand() * words.length)]).join(" ") + ".\n"
  const per = Math.floor(bytes / files)
  let total = 0
  mkdirSync(join(root, "references"), { recursive: true })
  writeFileSync(join(root, "SKILL.md"), "---\nname: big\ndescription: A large synthetic skill for benchmarks. Use when measuring.\n---\n\n# Big\n\n## Overview\n\nText.\n")
  for (let i = 0; i < files - 1; i++) {
    const dir = join(root, "references", `group-${String(i % 20).padStart(2, "0")}`)
    mkdirSync(dir, { recursive: true })
    let text = `---\ndescription: Reference ${i}\n---\n# Reference ${i}\n\n`
    let s = 0
    while (text.length < per) {
      if (rand() < 0.08) text += `\n## Section ${i}.${s++}\n\n`
      else if (rand() < 0.02) text += "\n```sh\n# not a heading\necho hi\n```\n\n"
      else text += sentence()
    }
    writeFileSync(join(dir, `ref-${String(i).padStart(4, "0")}.md`), text)
    total += Buffer.byteLength(text)
  }
  return total
}

export default function buildBench({ runs = 7 } = {}) {
  const sb = sandbox()
  const skill = join(sb.work, ".skillc", "skills", "big")
  const bytes = generate(skill)
  const env = benchEnv({ SKILLC_HOME: sb.home })
  const opts = { cwd: sb.work, env }
  const samples = interleave(
    {
      floor: () => timeOnce([process.execPath, join(here, "_build-floor.mjs"), skill], opts),
      cold: () => {
        rmSync(join(sb.work, ".skillc", "runtime"), { recursive: true, force: true })
        return timeOnce([process.execPath, BIN, "build", "big"], opts)
      }
    },
    runs
  )
  const floor = median(samples.floor)
  const cold = median(samples.cold)
  const mbps = (bytes / 1024 / 1024 / (cold / 1000)).toFixed(1)
  const out = [report("build.cold", cold, floor, 3.0, `${(bytes / 1024 / 1024).toFixed(1)} MB, 1000 files, ${mbps} MB/s`)]

  // Issue 44: the peak memory of a cold build against the floor process's
  // (the same read + hash + scan script), each process's own maxRSS written
  // on exit by test/fixtures/maxrss.cjs, median of three interleaved runs.
  const maxRssOf = (argv) => {
    const file = join(sb.root, "maxrss.kb")
    timeOnce([process.execPath, "--require", join(here, "..", "test", "fixtures", "maxrss.cjs"), ...argv], { ...opts, env: { ...env, SKC_TEST_MAXRSS_FILE: file } })
    return Number(readFileSync(file, "utf8")) / 1024
  }
  const peaks = interleave(
    {
      floor: () => maxRssOf([join(here, "_build-floor.mjs"), skill]),
      cold: () => {
        rmSync(join(sb.work, ".skillc", "runtime"), { recursive: true, force: true })
        return maxRssOf([BIN, "build", "big"])
      }
    },
    3
  )
  const peakCold = median(peaks.cold)
  const peakFloor = median(peaks.floor)
  const peakRatio = peakCold / peakFloor
  console.log(
    `${"build.cold.memory".padEnd(18)} ${`${peakCold.toFixed(1)} MB`.padStart(10)}   floor ${`${peakFloor.toFixed(1)} MB`.padStart(10)}   ratio ${peakRatio.toFixed(2)} (target ≤ 1.5)${peakRatio <= 1.5 ? "  ok" : "  OVER TARGET"}   peak RSS; floor: the read + hash + scan process`
  )
  out.push({ name: "build.cold.memory", valueMb: peakCold, floorMb: peakFloor, ratio: peakRatio, target: 1.5 })

  // Issue 16: a build when nothing changed against reading and hashing every
  // file (bench/_hash-floor.mjs); a build after one file changed against
  // build.cold. Source mtimes are set an hour back first, so every file is
  // outside the racy window and its record is trusted, as on an author's
  // tree between edits.
  const old = new Date(Date.now() - 3_600_000)
  const touchAll = (dir) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, d.name)
      if (d.isDirectory()) touchAll(p)
      else utimesSync(p, old, old)
    }
  }
  touchAll(skill)
  timeOnce([process.execPath, BIN, "build", "big"], opts)
  const changed = join(skill, "references", "group-07", "ref-0007.md")
  // A tenth of the files changed at once (a branch switch, a search-and-replace): the incremental path must
  // never cost more than rebuilding, which it did when FTS5 rows were deleted by rowid ranges (a full scan each).
  const markdown = []
  const collect = (dir) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, d.name)
      if (d.isDirectory()) collect(p)
      else if (d.name.endsWith(".md") && d.name !== "SKILL.md") markdown.push(p)
    }
  }
  collect(skill)
  const tenth = markdown.sort().filter((_, i) => i % 10 === 3)
  let edit = 0
  const incremental = interleave(
    {
      hashFloor: () => timeOnce([process.execPath, join(here, "_hash-floor.mjs"), skill], opts),
      noop: () => timeOnce([process.execPath, BIN, "build", "big"], opts),
      one: () => {
        appendFileSync(changed, `\nedit ${edit++} one more sentence.\n`)
        const t = new Date(Date.now() - 60_000 + edit)
        utimesSync(changed, t, t)
        return timeOnce([process.execPath, BIN, "build", "big"], opts)
      }
    },
    runs
  )
  // After the figures above, on their own: each such build adds a tenth of the index's rows again (FTS5 keeps
  // the deleted ones as tombstones until it merges), which would weigh on the one-file builds between them.
  const tenths = interleave(
    {
      tenth: () => {
        edit++
        const t = new Date(Date.now() - 60_000 + edit)
        for (const f of tenth) {
          appendFileSync(f, `\nedit ${edit} of a tenth of the files.\n`)
          utimesSync(f, t, t)
        }
        return timeOnce([process.execPath, BIN, "build", "big"], opts)
      }
    },
    runs
  )
  const hashFloor = median(incremental.hashFloor)
  out.push(report("build.noop", median(incremental.noop), hashFloor, 1.5, "nothing changed; floor: read + SHA-256 every file"))
  out.push(report("build.incremental", median(incremental.one), cold, 0.25, "one file changed; floor: build.cold"))
  out.push(report("build.incremental.tenth", median(tenths.tenth), cold, 1, `${tenth.length} files changed; floor: build.cold`))
  rmSync(sb.root, { recursive: true, force: true })
  return out
}
