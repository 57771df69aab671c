// The floor for build.noop (issue 16): read and SHA-256 every file of the
// skill in a fresh process, and combine the hashes as the source hash does.
// A no-op build must at least learn that nothing changed; doing it by
// hashing is this floor (skc does it by stat, and confirms with hashes only
// for files whose size or mtime moved).
import { createHash } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

const root = process.argv[2]
const hashes = []
const walk = (dir, rel) => {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name)
    const r = rel ? `${rel}/${d.name}` : d.name
    if (d.isDirectory()) walk(p, r)
    else hashes.push([r, createHash("sha256").update(readFileSync(p)).digest("hex")])
  }
}
walk(root, "")
hashes.sort((a, b) => (a[0] < b[0] ? -1 : 1))
createHash("sha256").update(hashes.map(([p, h]) => `${p}\0${h}\n`).join("")).digest("hex")
if (hashes.length === 0) process.exit(1)
