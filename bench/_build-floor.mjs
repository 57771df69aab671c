// The floor for build.cold: what any compiler of this skill must do at
// least — read every file, SHA-256 it, and split each .md file into
// sections with a plain line scanner (ATX headings outside ``` fences).
import { createHash } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

const root = process.argv[2]
const hashes = []
let sections = 0
const walk = (dir, rel) => {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name)
    const r = rel ? `${rel}/${d.name}` : d.name
    if (d.isDirectory()) walk(p, r)
    else {
      const bytes = readFileSync(p)
      hashes.push([r, createHash("sha256").update(bytes).digest("hex")])
      if (r.endsWith(".md")) {
        let fenced = false
        for (const line of bytes.toString("utf8").split("\n")) {
          if (line.startsWith("```")) fenced = !fenced
          else if (!fenced && /^#{1,6} /.test(line)) sections++
        }
      }
    }
  }
}
walk(root, "")
hashes.sort((a, b) => (a[0] < b[0] ? -1 : 1))
createHash("sha256").update(hashes.map(([p, h]) => `${p}\0${h}\n`).join("")).digest("hex")
if (sections === 0) process.exit(1)
