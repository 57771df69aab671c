/**
 * The project a client's MCP roots name (DECISIONS #47, issue 26 item 2):
 * the first `file://` root that holds a `.skillc/` or `.claude/` directory.
 * A server started without `--project` or `SKILLC_PROJECT` asks the client
 * for its roots after the handshake (when the client declares the `roots`
 * capability) and again on `notifications/roots/list_changed`; with no such
 * root it serves the directory it was started in.
 */
import { statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

/** Any failure to stat (missing, ENOTDIR, EACCES) counts as not a directory. */
export const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** The directory of the first `file://` root holding `.skillc/` or `.claude/`; undefined when none does. */
export const projectOfRoots = (roots: ReadonlyArray<{ readonly uri: string }>): string | undefined => {
  for (const { uri } of roots) {
    if (!uri.startsWith("file://")) continue
    let dir: string
    try {
      dir = fileURLToPath(uri)
    } catch {
      continue
    }
    if (isDirectory(join(dir, ".skillc")) || isDirectory(join(dir, ".claude"))) return dir
  }
  return undefined
}
