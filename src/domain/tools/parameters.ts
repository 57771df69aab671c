/**
 * The `#### Parameters` table (tool-skills spec §3.1, §3.3). remark-parse
 * alone does not know GFM tables, so the rows are read here: a header row
 * naming the columns (Name, Type, Required, Description, optional Default, in
 * any order, case-insensitive), a delimiter row, then one row per parameter.
 * Lines inside code blocks are never table rows (the caller leaves them out).
 *
 * Two optional columns constrain a string (or each element of an array),
 * issue 45 item 1: `Values` (comma-separated: the only values allowed) and
 * `Pattern` (a regular expression every value matches whole). A constrained
 * value may stand anywhere in a command (placement.ts, SKL516).
 *
 * Defaults (spec §11 question 2, settled): a `Default` column wins; otherwise
 * a `(default: X)` note in the description. Both are coerced to the type.
 */
import { Result } from "effect"
import { checkConstraints, coerceText, compilePattern, repeatsAnAmbiguousChoice, repeatsARepetition } from "./coerce.js"
import { PARAMETER_TYPES, type ParameterDefinition, type ParameterType, type Problem } from "./model.js"

export interface SourceLine {
  readonly text: string
  readonly line: number
}

/** Cells of a table row: split on unescaped `|`, outer pipes optional, `\|` kept as `|`. */
export const splitRow = (row: string): ReadonlyArray<string> => {
  let text = row.trim()
  if (text.startsWith("|")) text = text.slice(1)
  if (text.endsWith("|") && !text.endsWith("\\|")) text = text.slice(0, -1)
  const cells: Array<string> = []
  let cell = ""
  let inCode = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === "\\" && text[i + 1] === "|") {
      cell += "|"
      i++
    } else if (c === "`") {
      inCode = !inCode
      cell += c
    } else if (c === "|" && !inCode) {
      cells.push(cell.trim())
      cell = ""
    } else cell += c
  }
  cells.push(cell.trim())
  return cells
}

const isDelimiterRow = (cells: ReadonlyArray<string>) => cells.length > 0 && cells.every((c) => /^:?-+:?$/.test(c))

/** `` `string` `` → `string`, `**yes**` → `yes`. */
const plain = (cell: string) => cell.replace(/^(`+|\*+|_+)(.*)\1$/, "$2").trim()

const TRUE_WORDS = new Set(["yes", "y", "true", "required", "x", "✓", "✔"])
const FALSE_WORDS = new Set(["no", "n", "false", "optional", "", "-", "—"])

const DEFAULT_NOTE = /\(\s*default:\s*([^)]*?)\s*\)/i

const isParameterType = (s: string): s is ParameterType => (PARAMETER_TYPES as ReadonlyArray<string>).includes(s)

export interface ParsedTable {
  readonly parameters: ReadonlyArray<ParameterDefinition>
  readonly problems: ReadonlyArray<Problem>
}

/** Read the parameters of one section (its lines after the heading, code-block lines removed). */
export const parseParameterTable = (lines: ReadonlyArray<SourceLine>): ParsedTable => {
  const problems: Array<Problem> = []
  const parameters: Array<ParameterDefinition> = []
  const rows = lines.filter((l) => l.text.trim().startsWith("|"))
  if (rows.length === 0) {
    // "None." or prose: a tool without parameters (spec §8.1 git_status).
    const prose = lines.map((l) => l.text.trim()).filter((t) => t.length > 0)
    const saysNone = prose.length === 0 || prose.every((t) => /^(none|no parameters|n\/a|-)\.?$/i.test(t))
    if (!saysNone) {
      problems.push({ kind: "parameter-table", line: lines.find((l) => l.text.trim() !== "")!.line, message: "parameters section has no table (write a table or 'None.')" })
    }
    return { parameters, problems }
  }
  const header = splitRow(rows[0].text).map((c) => plain(c).toLowerCase())
  const col = (name: string) => header.indexOf(name)
  const nameCol = col("name")
  const typeCol = col("type")
  const requiredCol = col("required")
  const descriptionCol = col("description")
  const defaultCol = col("default")
  const valuesCol = col("values")
  const patternCol = col("pattern")
  if (nameCol === -1 || typeCol === -1) {
    problems.push({ kind: "parameter-table", line: rows[0].line, message: "parameters table needs 'Name' and 'Type' columns" })
    return { parameters, problems }
  }
  let body = rows.slice(1)
  if (body.length > 0 && isDelimiterRow(splitRow(body[0].text))) body = body.slice(1)
  else problems.push({ kind: "parameter-table", line: rows[0].line, message: "parameters table has no delimiter row under its header" })
  const seen = new Set<string>()
  for (const row of body) {
    const cells = splitRow(row.text)
    const cell = (i: number) => (i === -1 ? "" : (cells[i] ?? ""))
    const name = plain(cell(nameCol))
    if (!/^[A-Za-z0-9_]+$/.test(name)) {
      problems.push({ kind: "parameter-table", line: row.line, message: `invalid parameter name '${name}' (letters, digits and '_')` })
      continue
    }
    if (seen.has(name)) {
      problems.push({ kind: "parameter-table", line: row.line, message: `duplicate parameter '${name}'` })
      continue
    }
    seen.add(name)
    // More cells than the header: a `|` inside a cell (a Pattern's alternation `a|b`) split it, and the part
    // after it was dropped without a word (a tool-skill probe: `[0-9a-f]{4,40}|HEAD` became `[0-9a-f]{4,40}`).
    if (cells.length > header.length) {
      problems.push({
        kind: "parameter-table",
        line: row.line,
        message: `parameter '${name}': the row has ${cells.length} cells for ${header.length} columns; write a '|' inside a cell as '\\|' or within backticks (a Pattern's alternation: a\\|b)`
      })
    }
    const typeText = plain(cell(typeCol)).toLowerCase()
    const type = isParameterType(typeText) ? typeText : undefined
    if (type === undefined) {
      problems.push({ kind: "parameter-type", line: row.line, message: `parameter '${name}' has invalid type '${plain(cell(typeCol))}' (expected ${PARAMETER_TYPES.join(", ")})` })
    }
    const requiredText = plain(cell(requiredCol)).toLowerCase()
    let required = false
    if (TRUE_WORDS.has(requiredText)) required = true
    else if (!FALSE_WORDS.has(requiredText)) {
      problems.push({ kind: "parameter-table", line: row.line, message: `parameter '${name}': Required must be 'yes' or 'no', not '${cell(requiredCol)}'` })
    }
    const description = cell(descriptionCol)
    const columnDefault = plain(cell(defaultCol))
    const defaultText =
      columnDefault !== "" && columnDefault !== "-" && columnDefault !== "—" ? columnDefault : DEFAULT_NOTE.exec(description)?.[1]
    // Constraints (issue 45 item 1): an enumeration and/or a pattern, for strings and arrays of strings.
    const valuesText = plain(cell(valuesCol))
    const patternText = plain(cell(patternCol))
    let values: ReadonlyArray<string> | undefined
    let pattern: string | undefined
    const constrainable = type === "string" || type === "array"
    if (valuesText !== "" && valuesText !== "-" && valuesText !== "—") {
      if (!constrainable) problems.push({ kind: "parameter-table", line: row.line, message: `parameter '${name}': Values apply to string and array parameters only` })
      else {
        values = valuesText.split(",").map((v) => plain(v.trim())).filter((v) => v !== "")
        if (values.length === 0) values = undefined
      }
    }
    if (patternText !== "" && patternText !== "-" && patternText !== "—") {
      if (!constrainable) problems.push({ kind: "parameter-table", line: row.line, message: `parameter '${name}': a Pattern applies to string and array parameters only` })
      else {
        const compiled = compilePattern(patternText)
        if (compiled === undefined) problems.push({ kind: "parameter-table", line: row.line, message: `parameter '${name}': Pattern is not a valid regular expression` })
        else if (repeatsARepetition(patternText)) {
          problems.push({
            kind: "parameter-table",
            line: row.line,
            message: `parameter '${name}': Pattern repeats a group that repeats (such as (a+)+), which can take exponential time on an agent's value; write it without the nesting`
          })
        } else if (repeatsAnAmbiguousChoice(patternText)) {
          problems.push({
            kind: "parameter-table",
            line: row.line,
            message: `parameter '${name}': Pattern repeats a choice whose alternatives can begin alike (such as (a|a)* or ([a-z]|[a-z0-9])*), which can take exponential time on an agent's value; write the choice as one character class ([a-z0-9]*), or make each alternative begin with a different character`
          })
        } else pattern = patternText
      }
    }
    const constraints = { ...(values === undefined ? {} : { values }), ...(pattern === undefined ? {} : { pattern }) }
    let defaultValue: ParameterDefinition["default"] = undefined
    if (defaultText !== undefined && type !== undefined) {
      const coerced = Result.flatMap(coerceText(type, plain(defaultText), true), (v) => checkConstraints(constraints, v))
      if (Result.isFailure(coerced)) {
        problems.push({ kind: "parameter-table", line: row.line, message: `parameter '${name}': default ${coerced.failure}` })
      } else defaultValue = coerced.success
    }
    parameters.push({ name, type, typeText, required, description, default: defaultValue, ...constraints, line: row.line })
  }
  return { parameters, problems }
}
