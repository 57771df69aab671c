/**
 * Interpolation (tool-skills spec §3.4, §11 question 1, settled):
 *
 * - every argument of the template stays ONE argument; a value is inserted
 *   verbatim (spaces, quotes, `$()`, `;`, newlines, a leading `-`) and never
 *   re-split, never seen by a shell;
 * - an argument that is exactly `{{array}}` expands to one argument per
 *   element (none for an empty array); an array embedded in other text is
 *   joined with single spaces;
 * - `{{flag:--literal}}` on a boolean: true gives the literal text of the
 *   TEMPLATE, false drops the whole argument; a bare `{{flag}}` gives
 *   `true`/`false`;
 * - an optional parameter without a value (and without a default) drops the
 *   whole argument it appears in (`--limit={{limit}}` vanishes entirely).
 */
import { Result } from "effect"
import type { ArgTemplate, CommandTemplate, ParameterDefinition, ParameterValue } from "./model.js"
import type { ToolArguments } from "./coerce.js"

export interface CommandLine {
  readonly program: string
  readonly args: ReadonlyArray<string>
}

/**
 * The value given for a parameter: its own, never one the object inherits (`constructor`, `toString`,
 * `valueOf` named a parameter and got Object's function as its text, found by a tool-skill probe).
 */
const valueOf = (values: ToolArguments, name: string): ParameterValue | undefined => (Object.hasOwn(values, name) ? values[name] : undefined)

const scalarText = (value: ParameterValue): string =>
  Array.isArray(value) ? value.join(" ") : String(value)

/** One template argument → zero, one or (a lone array variable) several argv entries. */
const expandArg = (
  arg: ArgTemplate,
  params: ReadonlyMap<string, ParameterDefinition>,
  values: ToolArguments
): Result.Result<ReadonlyArray<string>, string> => {
  if (arg.length === 1 && arg[0]._tag === "Variable" && arg[0].modifier === undefined) {
    const value = valueOf(values, arg[0].name)
    if (!params.has(arg[0].name)) return Result.fail(`template names unknown parameter '${arg[0].name}'`)
    if (value === undefined) return Result.succeed([])
    if (Array.isArray(value)) return Result.succeed([...value])
    return Result.succeed([scalarText(value)])
  }
  let text = ""
  for (const fragment of arg) {
    if (fragment._tag === "Literal") {
      text += fragment.text
      continue
    }
    const param = params.get(fragment.name)
    if (param === undefined) return Result.fail(`template names unknown parameter '${fragment.name}'`)
    const value = valueOf(values, fragment.name)
    if (value === undefined) return Result.succeed([])
    if (fragment.modifier !== undefined) {
      if (param.type !== "boolean") {
        return Result.fail(`'{{${fragment.name}:${fragment.modifier}}}': a modifier needs a boolean parameter`)
      }
      if (value !== true) return Result.succeed([])
      text += fragment.modifier
      continue
    }
    text += scalarText(value)
  }
  return Result.succeed([text])
}

export const interpolate = (
  template: CommandTemplate,
  parameters: ReadonlyArray<ParameterDefinition>,
  values: ToolArguments
): Result.Result<CommandLine, string> => {
  const params = new Map(parameters.map((p) => [p.name, p]))
  return Result.flatMap(Result.all(template.args.map((arg) => expandArg(arg, params, values))), (parts) => {
    const args = parts.flat()
    // Values were checked at coercion; this also covers literals of the template.
    if (args.some((a) => a.includes("\0"))) return Result.fail("an argument contains a NUL byte, which no command line can carry")
    return Result.succeed({ program: template.program, args })
  })
}
