import * as fs from "node:fs"
import * as nodePath from "node:path"

/**
 * `mkdir -p`, one level at a time. Node's own recursive mkdir reports
 * ENOENT when the deepest directory that exists refuses the new one
 * (read-only: EROFS), which reads as "a parent is missing", and on a file
 * system whose mkdir answers ENOENT under an existing directory (`/proc`)
 * it never returns (Node 20–24). Here each missing level is made alone, so
 * the error is the system's own reason for the first level it refuses.
 * Returns the first directory it made (as Node's recursive mkdir does).
 */
export const mkdirAll = (p: string): string | undefined => {
  const target = nodePath.resolve(p)
  const missingLevels: Array<string> = []
  for (let cur = target; ; ) {
    let st: fs.Stats | undefined
    try {
      st = fs.statSync(cur, { throwIfNoEntry: false })
    } catch (e) {
      // Under a file (ENOTDIR): treated as missing; making the level under the file then says ENOTDIR.
      if ((e as NodeJS.ErrnoException)?.code !== "ENOTDIR") throw e
    }
    if (st !== undefined) {
      // The path itself is a file: mkdir's own EEXIST, as Node's recursive mkdir answers.
      if (cur === target && !st.isDirectory()) fs.mkdirSync(target)
      break
    }
    missingLevels.push(cur)
    const parent = nodePath.dirname(cur)
    if (parent === cur) break
    cur = parent
  }
  let first: string | undefined
  for (const dir of missingLevels.reverse()) {
    try {
      fs.mkdirSync(dir)
      first ??= dir
    } catch (e) {
      // Made meanwhile by another process: fine when it is a directory.
      if ((e as NodeJS.ErrnoException)?.code === "EEXIST" && fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true) continue
      throw e
    }
  }
  return first
}
