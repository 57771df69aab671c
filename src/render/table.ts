import { terminalWidth } from "../domain/terminalWidth.js"
import { visible } from "../domain/visible.js"

/**
 * A plain text table: columns padded to their widest cell, two spaces apart,
 * no trailing blanks. Cells are made visible first (src/domain/visible.ts):
 * a newline in a name cannot start a row, and widths count what is shown,
 * in a terminal's columns (a CJK character takes two).
 */
export const renderTable = (header: ReadonlyArray<string>, given: ReadonlyArray<ReadonlyArray<string>>): string => {
  const rows = given.map((r) => r.map(visible))
  const widths = header.map((h, i) => Math.max(terminalWidth(h), ...rows.map((r) => terminalWidth(r[i] ?? ""))))
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + " ".repeat(Math.max(0, (widths[i] ?? 0) - terminalWidth(c)))))
      .join("  ")
      .trimEnd()
  return [line(header), ...rows.map(line)].join("\n")
}
