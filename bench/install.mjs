// install (issue 23): what a user and a contributor pay to get skc.
// - install.checkout: a clean `npm install` of a copy of this checkout (no
//   node_modules), npm's cache warm as on any machine that installed once;
//   target ≤ 30 s (it took 1 m 50 s while better-sqlite3 compiled from source).
//   Its floor, for scale: the same `npm install --ignore-scripts`, so the
//   ratio is what install and prepare scripts add.
// - install.packed / install.unpacked: the tarball `npm pack` makes
//   (prepack builds dist/): ≤ 4 MB packed, ≤ 15 MB unpacked (17.5 / 43.8 MB
//   with the V8 code caches of before).
// - install.global: `npm install -g --prefix <tmp> <tarball>` (scripts allowed:
//   the manifest has none), and what it leaves on disk (issue 46 item 1):
//   install.global.packages ≤ 15 (floor 1: skillc alone) and
//   install.global.disk ≤ 25 MB (floor: skillc's own files); it was 174
//   packages and 99 MB while the library's dependencies were installed too.
import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs"
import { join, sep } from "node:path"
import { ROOT, sandbox } from "./lib.mjs"

const FILES = ["package.json", "package-lock.json", "tsconfig.json", "tsconfig.lib.json", "README.md", "CHANGELOG.md", "LICENSE"]
const DIRS = ["bin", "src", "scripts", "docs"]

const npm = (args, cwd) => {
  const t0 = process.hrtime.bigint()
  const r = spawnSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" },
    maxBuffer: 64 * 1024 * 1024
  })
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} exited ${r.status}: ${r.stderr.slice(-800)}`)
  return { ms, stdout: r.stdout }
}

const copyCheckout = (to) => {
  rmSync(to, { recursive: true, force: true })
  mkdirSync(to, { recursive: true })
  for (const f of FILES) cpSync(join(ROOT, f), join(to, f))
  for (const d of DIRS) cpSync(join(ROOT, d), join(to, d), { recursive: true })
}

const walk = (dir, out = []) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) walk(p, out)
    else out.push(p)
  }
  return out
}

const line = (name, value, unit, target, extra = "") =>
  console.log(`${name.padEnd(18)} ${`${value.toFixed(1)} ${unit}`.padStart(10)}   target ≤ ${target} ${unit}  ${value <= target ? "ok" : "OVER TARGET"}${extra ? `   ${extra}` : ""}`)

export default function installBench({ runs = 2 } = {}) {
  const sb = sandbox("skc-bench-install-")
  const checkout = join(sb.root, "checkout")
  const out = []
  const times = []
  const floors = []
  for (let i = 0; i < runs; i++) {
    copyCheckout(checkout)
    floors.push(npm(["install", "--prefer-offline", "--ignore-scripts"], checkout).ms)
    copyCheckout(checkout)
    times.push(npm(["install", "--prefer-offline"], checkout).ms)
  }
  const best = (xs) => Math.min(...xs)
  line("install.checkout", best(times) / 1000, "s", 30, `floor (--ignore-scripts) ${(best(floors) / 1000).toFixed(1)} s, ratio ${(best(times) / best(floors)).toFixed(2)}; runs ${times.map((t) => (t / 1000).toFixed(1)).join(" / ")} s`)
  out.push({ name: "install.checkout", valueMs: best(times), floorMs: best(floors) })

  const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", sb.root], checkout).stdout.replace(/^[^[]*/, ""))[0]
  line("install.packed", packed.size / 1048576, "MB", 4, `${packed.entryCount} files, ${packed.files.filter((f) => f.path.endsWith(".cache")).length} *.cache`)
  line("install.unpacked", packed.unpackedSize / 1048576, "MB", 15)
  const tarball = join(sb.root, packed.filename)
  const prefix = join(sb.root, "global")
  const global = npm(["install", "-g", "--prefix", prefix, "--prefer-offline", tarball], sb.root)
  const warned = /script/i.test(global.stdout + global.stderr) ? "; npm WARNED about scripts" : "; no install-scripts warning"
  line("install.global", global.ms / 1000, "s", 30, `npm install -g <tarball>, cache warm${warned}`)
  // Issue 46 item 1: what a global install puts on disk. Floor: the skillc package alone (1 package, its own files).
  const modules = join(prefix, "lib", "node_modules")
  const files = walk(modules)
  const packages = files.filter((f) => /node_modules[\\/](@[^\\/]+[\\/])?[^\\/]+[\\/]package\.json$/.test(f)).length
  const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0)
  const own = walk(join(modules, "skillc")).filter((f) => !f.includes(`${sep}node_modules${sep}skillc${sep}node_modules${sep}`)).reduce((sum, f) => sum + statSync(f).size, 0)
  line("install.global.packages", packages, "pkgs", 15, `floor 1 (skillc alone), ratio ${packages.toFixed(2)}`)
  line("install.global.disk", bytes / 1048576, "MB", 25, `floor ${(own / 1048576).toFixed(1)} MB (skillc's own files), ratio ${(bytes / own).toFixed(2)}`)
  out.push(
    { name: "install.packed", bytes: packed.size },
    { name: "install.unpacked", bytes: packed.unpackedSize },
    { name: "install.global.packages", count: packages },
    { name: "install.global.disk", bytes, floorBytes: own }
  )
  rmSync(sb.root, { recursive: true, force: true })
  return out
}
