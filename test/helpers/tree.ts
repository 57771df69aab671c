/** Write a tree of files (path → text or bytes) below a directory. */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"

export const writeTree = (root: string, files: Readonly<Record<string, string | Uint8Array>>): string => {
  mkdirSync(root, { recursive: true })
  for (const [rel, content] of Object.entries(files)) {
    const p = join(root, rel)
    mkdirSync(dirname(p), { recursive: true })
    writeFileSync(p, content)
  }
  return root
}
