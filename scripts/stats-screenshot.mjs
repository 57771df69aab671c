#!/usr/bin/env node
// Regenerate docs/images/stats-report.png: run `npm run demo`, keep its HTML
// usage report, and photograph it with headless Chromium (Debian's
// `chromium`). Run after changing src/render/statsHtml.ts.
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const tmp = mkdtempSync(join(tmpdir(), "skc-shot-"))
const html = join(tmp, "report.html")
const demo = spawnSync(process.execPath, [join(root, "scripts", "demo.mjs"), "--report", html], { encoding: "utf8" })
if (demo.status !== 0) {
  process.stderr.write(demo.stdout + demo.stderr)
  process.exit(1)
}
const out = join(root, "docs", "images", "stats-report.png")
mkdirSync(dirname(out), { recursive: true })
const shot = spawnSync(
  "chromium",
  ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", `--user-data-dir=${join(tmp, "profile")}`, "--window-size=1000,1250", `--screenshot=${out}`, pathToFileURL(html).href],
  { encoding: "utf8" }
)
rmSync(tmp, { recursive: true, force: true })
if (shot.status !== 0) {
  process.stderr.write(shot.error ? `chromium: ${shot.error.message}\n` : shot.stderr)
  process.exit(1)
}
process.stdout.write(`wrote ${out}\n`)
