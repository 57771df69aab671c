// lint.large: `skc lint` on the large synthetic skill of build.cold
// (bench/build.mjs: ≈1,000 files, ≈20 MB of markdown), as MB/s and as a
// ratio to `skc build` of the same skill into a fresh runtime, interleaved.
// Target ≤ 0.5 (issue 13 item 5): lint reads markdown with the scanner build
// uses and does less with it (no index, no stub).
//
// lint.fixture: the same ratio for the largest skill of test/fixtures/
// (templated references, links, code: the shapes of published skills), where
// most files hold links. Target ≤ 1.0: lint costs no more than build.
import { cpSync, readdirSync, rmSync, statSync } from "node:fs"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, interleave, median, report, sandbox, timeOnce } from "./lib.mjs"
import { generate } from "./build.mjs"

const FIXTURE_GROUPS = ["catalogue", "tool-skills", "published-like"].map((g) => join(ROOT, "test", "fixtures", g))

const bytesBelow = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? bytesBelow(join(dir, e.name)) : e.isFile() ? statSync(join(dir, e.name)).size : 0),
    0
  )

/** The fixture skill with the most bytes: { name, dir, bytes }. */
const largestFixture = () =>
  FIXTURE_GROUPS.flatMap((g) =>
    readdirSync(g, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => ({ name: e.name, dir: join(g, e.name), bytes: bytesBelow(join(g, e.name)) }))
  ).sort((a, b) => b.bytes - a.bytes)[0]

const compare = (sb, name, runs) => {
  const opts = { cwd: sb.work, env: benchEnv({ SKILLC_HOME: sb.home }) }
  return interleave(
    {
      build: () => {
        rmSync(join(sb.work, ".skillc", "runtime"), { recursive: true, force: true })
        return timeOnce([process.execPath, BIN, "build", name], { ...opts, allowFail: true })
      },
      // Exit 1 is fine: a skill may have lint errors.
      lint: () => timeOnce([process.execPath, BIN, "lint", name], { ...opts, allowFail: true })
    },
    runs
  )
}

export default function lintLarge({ runs = 5 } = {}) {
  const sb = sandbox()
  const bytes = generate(join(sb.work, ".skillc", "skills", "big"))
  const big = compare(sb, "big", runs)
  const lint = median(big.lint)
  const mbps = (bytes / 1024 / 1024 / (lint / 1000)).toFixed(1)
  const out = [report("lint.large", lint, median(big.build), 0.5, `${(bytes / 1024 / 1024).toFixed(1)} MB, 1000 files, ${mbps} MB/s; floor = build.cold`)]
  const fixture = largestFixture()
  cpSync(fixture.dir, join(sb.work, ".skillc", "skills", fixture.name), { recursive: true })
  const small = compare(sb, fixture.name, runs)
  out.push(report("lint.fixture", median(small.lint), median(small.build), 1.0, `${fixture.name}, ${(fixture.bytes / 1024).toFixed(1)} KB; floor = its build`))
  rmSync(sb.root, { recursive: true, force: true })
  return out
}
