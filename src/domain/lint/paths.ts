/**
 * Link targets as lint sees them (RFC-0008:C-REGISTRY SKL301–SKL303): which
 * are internal, where they point inside the skill, and whether they leave it.
 * POSIX-style relative paths only; pure string work, no file system.
 */
import { pathFromSkillDir } from "../agents/claudeBody.js"

export type LinkTarget =
  | { readonly _tag: "External" }
  | { readonly _tag: "Anchor"; readonly fragment: string }
  | { readonly _tag: "Escapes"; readonly path: string }
  | { readonly _tag: "Internal"; readonly path: string; readonly fragment: string | undefined; readonly written: string }

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** `a/./b/../c` relative to nothing: `a/c`; `..` segments that climb out are kept. */
export const normalizePath = (p: string): string => {
  const out: Array<string> = []
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue
    if (seg === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop()
    else out.push(seg)
  }
  return out.join("/")
}

export const dirOf = (path: string): string => {
  const i = path.lastIndexOf("/")
  return i === -1 ? "" : path.slice(0, i)
}

/**
 * Classify `target` written in the file at `fromFile` (root-relative).
 * Absolute paths and URLs with a scheme or `//` are external (not checked).
 */
export const classifyTarget = (fromFile: string, target: string): LinkTarget => {
  const t = target.trim()
  if (t === "" || SCHEME.test(t) || t.startsWith("//") || t.startsWith("/") || t.startsWith("\\")) return { _tag: "External" }
  const hash = t.indexOf("#")
  const beforeHash = hash === -1 ? t : t.slice(0, hash)
  const fragment = hash === -1 ? undefined : decode(t.slice(hash + 1))
  const query = beforeHash.indexOf("?")
  const written = query === -1 ? beforeHash : beforeHash.slice(0, query)
  if (written === "") return fragment === undefined ? { _tag: "External" } : { _tag: "Anchor", fragment }
  // Claude Code replaces `${CLAUDE_SKILL_DIR}` with the skill's directory before the agent reads the text
  // (CHANGELOG 2.1.69): such a link is from the root, not from its file (SKL301 called it missing).
  const plain = decode(written)
  const joined = normalizePath(pathFromSkillDir(plain) ?? `${dirOf(fromFile)}/${plain}`)
  if (joined === ".." || joined.startsWith("../")) return { _tag: "Escapes", path: written }
  return { _tag: "Internal", path: joined, fragment, written }
}
