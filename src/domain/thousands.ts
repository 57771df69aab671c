/**
 * An integer as `toLocaleString("en-US")` writes it (`12,345`), without
 * ICU. Node's `toLocaleString` loads ICU's number-formatting data on first
 * use: 7.5 MB of a process's resident memory (5.8 MB of the node binary's
 * pages, 1.7 MB of tables), which a lint rule's summary paid at module load
 * in every long-lived `skc mcp` (issue 30, `mcp.memory`). Anything but a
 * safe integer (fractions, huge or non-finite numbers) is still written by
 * `toLocaleString`.
 */
export const thousands = (x: number): string => {
  if (!Number.isSafeInteger(x)) return x.toLocaleString("en-US")
  const grouped = Math.abs(x).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return x < 0 || Object.is(x, -0) ? `-${grouped}` : grouped
}
