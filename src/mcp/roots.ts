/**
 * The project a client's MCP roots name (DECISIONS #47, issue 26 item 2):
 * the first `file://` root that holds a `.skillc/` or `.claude/` directory,
 * or a project skills directory an agent reads (`.agents/skills`, DECISIONS
 * #53; `.cursor/skills`, `.github/skills`, … of the agent profiles): a
 * Codex user's project holds only `.agents/skills`, and the server served
 * the directory the client started it in instead.
 * A server started without `--project` or `SKILLC_PROJECT` asks the client
 * for its roots after the handshake (when the client declares the `roots`
 * capability) and again on `notifications/roots/list_changed`; with no such
 * root it serves the directory it was started in.
 */
import { statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { PROFILES } from "../domain/agents/index.js"

/** What marks a root as a project: skc's own directory, Claude Code's, and every agent's project skills directory. */
const PROJECT_MARKS: ReadonlyArray<string> = [".skillc", ".claude", ...new Set(PROFILES.flatMap((p) => p.dirs.project))]

/** Any failure to stat (missing, ENOTDIR, EACCES) counts as not a directory. */
export const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** A root as the client sent it, for a line on stderr: control characters escaped, at most 200 characters. */
const shown = (value: unknown): string => {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value)
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean
}

/**
 * The usable roots of a `roots/list` answer, each checked on its own (issue
 * 45 item 4): a root that is not an object with a `file://` `uri` is
 * skipped with one line saying why, and the others are still used (the
 * SDK's schema refused the whole answer for one bad root, and printed its
 * validation dump).
 */
export const validRoots = (
  answer: unknown
): { readonly roots: ReadonlyArray<{ readonly uri: string }>; readonly skipped: ReadonlyArray<string> } => {
  const list = typeof answer === "object" && answer !== null ? (answer as { roots?: unknown }).roots : undefined
  if (!Array.isArray(list)) return { roots: [], skipped: ["the answer holds no roots array"] }
  const roots: Array<{ uri: string }> = []
  const skipped: Array<string> = []
  for (const root of list as ReadonlyArray<unknown>) {
    const uri = typeof root === "object" && root !== null ? (root as { uri?: unknown }).uri : undefined
    if (typeof uri !== "string") skipped.push(`skipped a root with no uri: ${shown(root)}`)
    else if (!uri.startsWith("file://")) skipped.push(`skipped root '${shown(uri)}': not a file:// URI`)
    else roots.push({ uri })
  }
  return { roots, skipped }
}

/** The directory of the first `file://` root holding `.skillc/`, `.claude/` or an agent's project skills directory; undefined when none does. */
export const projectOfRoots = (roots: ReadonlyArray<{ readonly uri: string }>): string | undefined => {
  for (const { uri } of roots) {
    if (!uri.startsWith("file://")) continue
    let dir: string
    try {
      dir = fileURLToPath(uri)
    } catch {
      continue
    }
    if (PROJECT_MARKS.some((mark) => isDirectory(join(dir, mark)))) return dir
  }
  return undefined
}
