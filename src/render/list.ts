/**
 * Text form of `skc list` (RFC-0007:C-LIST): `SKILL SCOPE STATUS`, plus
 * `SOURCE` with `--verbose` (project paths relative to the cwd, global ones
 * under `~`). Pure: result in, string out; the MCP server reuses it.
 */
import type { ListResult } from "../app/skills/list.js"
import { visible } from "../domain/visible.js"
import { renderTable } from "./table.js"

export interface ListRenderContext {
  readonly verbose: boolean
  readonly cwd: string
  readonly home: string
}

const under = (dir: string, p: string): string | undefined => {
  const base = dir.endsWith("/") || dir.endsWith("\\") ? dir : dir + (dir.includes("\\") && !dir.includes("/") ? "\\" : "/")
  return p.startsWith(base) ? p.slice(base.length) : undefined
}

/** `/` or `C:\`: every path is below it. */
const isFilesystemRoot = (dir: string) => /^(?:[\\/]+|[A-Za-z]:[\\/]*)$/.test(dir)

/**
 * A path as a person reads it: relative below the cwd, `~/…` below the home, else absolute. Not
 * relative to a filesystem root: a server started in `/` (Claude Desktop's `skc mcp`) would print
 * `home/u/.skillc/skills/x`, which reads as a path below wherever its reader stands.
 */
export const friendlyPath = (p: string, ctx: { readonly cwd: string; readonly home: string }): string => {
  const inCwd = isFilesystemRoot(ctx.cwd) ? undefined : under(ctx.cwd, p)
  if (inCwd !== undefined) return inCwd
  const inHome = under(ctx.home, p)
  if (inHome !== undefined) return `~/${inHome}`
  return p
}

/** Lists longer than this end with their count. */
const COUNTED_FROM = 20

export const renderList = (result: ListResult, ctx: ListRenderContext): string => {
  if (result.skills.length === 0) {
    return result.total === 0 ? "No skills found" : `No skills match the filters (${result.total} found)`
  }
  const header = ctx.verbose ? ["SKILL", "SCOPE", "STATUS", "SOURCE"] : ["SKILL", "SCOPE", "STATUS"]
  // A copy another entry of the name shadows (docs/resolution.md "Enumeration"): the name never reaches it.
  const status = (s: ListResult["skills"][number]) => (s.shadowed === true ? `${s.status} (shadowed)` : s.status)
  // One directory an agent sees under several names (two links to it): each name said, the skill listed once.
  const name = (s: ListResult["skills"][number]) => (s.also_named === undefined ? s.name : `${s.name} (also ${s.also_named.join(", ")})`)
  const rows = result.skills.map((s) =>
    ctx.verbose ? [name(s), s.scope, status(s), friendlyPath(s.source_path, ctx)] : [name(s), s.scope, status(s)]
  )
  const table = renderTable(header, rows)
  // issue 46 item 2: why a copied or cloned project's skills are not built
  const hints = result.skills.filter((s) => s.hint !== undefined).map((s) => visible(`${s.name}: ${s.hint}`))
  // A long list says how long it is at its end, where the eye is after scrolling (701 lines and no total, a probe
  // of a 700-skill project); a short one needs no count.
  const shown =
    result.skills.length < result.filtered
      ? [`(${result.skills.length} of ${result.filtered} shown)`]
      : result.skills.length > COUNTED_FROM
        ? [`(${result.skills.length} skills)`]
        : []
  return [table, ...shown, ...hints].join("\n")
}
