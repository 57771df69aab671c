/**
 * `/`-separated paths as POSIX resolves them, without a file system: pure string work, shared by the domain's
 * path rules and the in-memory file system that the tests run on.
 */

/** `a/./b/../c` as one absolute path: `.` and empty segments dropped, `..` never climbing above `/`. */
export const absolutePosix = (p: string): string => {
  const out: Array<string> = []
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue
    if (seg === "..") out.pop()
    else out.push(seg)
  }
  return `/${out.join("/")}`
}
