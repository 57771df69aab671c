/**
 * A unified diff of one file (`skc lint --fix-dry-run`, issue 50): the
 * format `diff -u` and `git apply` read, three lines of context. Fixes touch
 * a few lines, so the common head and tail are dropped first and only the
 * middle goes through the longest-common-subsequence table.
 */

/**
 * The lines as `diff` and `patch` read them, each with its LF (a CR before it is part of the line, the
 * last line may have none): a diff of a CRLF file then carries its CRs, and `patch` applies it (split at
 * every CR, its lines matched no line of the file: "different line endings"); a line compared with its
 * end, so the last line gaining or losing its LF is a change, as for `diff -u`.
 */
const linesOf = (text: string): Array<string> => text.match(/[^\n]*\n|[^\n]+$/g) ?? []

type Op = { readonly kind: " " | "-" | "+"; readonly line: string }

/** The edit script between two line lists (longest common subsequence). */
const script = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): Array<Op> => {
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const am = a.slice(head, a.length - tail)
  const bm = b.slice(head, b.length - tail)
  const n = am.length
  const m = bm.length
  // lcs[i][j]: the longest common subsequence of am[i..] and bm[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1))
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = am[i] === bm[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
  const ops: Array<Op> = a.slice(0, head).map((line) => ({ kind: " ", line }))
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && am[i] === bm[j]) {
      ops.push({ kind: " ", line: am[i]! })
      i++
      j++
    } else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: "-", line: am[i++]! })
    else ops.push({ kind: "+", line: bm[j++]! })
  }
  for (const line of a.slice(a.length - tail)) ops.push({ kind: " ", line })
  return ops
}

const CONTEXT = 3

/** `--- a/<path>` / `+++ b/<path>` and the hunks; empty when the texts are equal. */
export const unifiedDiff = (path: string, before: string, after: string): string => {
  if (before === after) return ""
  const ops = script(linesOf(before), linesOf(after))
  const out: Array<string> = [`--- a/${path}`, `+++ b/${path}`]
  let k = 0
  while (k < ops.length) {
    if (ops[k]!.kind === " ") {
      k++
      continue
    }
    // A hunk: from CONTEXT lines before this change to CONTEXT lines after the last change within reach.
    let start = Math.max(0, k - CONTEXT)
    let end = k
    while (end < ops.length) {
      if (ops[end]!.kind !== " ") {
        end++
        continue
      }
      let run = end
      while (run < ops.length && ops[run]!.kind === " ") run++
      if (run < ops.length && run - end <= 2 * CONTEXT) end = run
      else {
        end = Math.min(ops.length, end + CONTEXT)
        break
      }
    }
    let oldLine = 1
    let newLine = 1
    for (let x = 0; x < start; x++) {
      if (ops[x]!.kind !== "+") oldLine++
      if (ops[x]!.kind !== "-") newLine++
    }
    const body = ops.slice(start, end)
    const oldCount = body.filter((o) => o.kind !== "+").length
    const newCount = body.filter((o) => o.kind !== "-").length
    out.push(`@@ -${oldCount === 0 ? oldLine - 1 : oldLine},${oldCount} +${newCount === 0 ? newLine - 1 : newLine},${newCount} @@`)
    for (const o of body) {
      // A last line without its LF: `diff -u` marks it, so `patch` adds none there.
      out.push(o.line.endsWith("\n") ? `${o.kind}${o.line.slice(0, -1)}` : `${o.kind}${o.line}\n\\ No newline at end of file`)
    }
    k = end
    start = end
  }
  return out.join("\n") + "\n"
}
