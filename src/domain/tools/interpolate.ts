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
import { isFreeText } from "./placement.js"
import { literalOf } from "./template.js"

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
    const swallowed = dashDashTaken(template, parts, params)
    if (swallowed !== undefined) return Result.fail(swallowed)
    return Result.succeed({ program: template.program, args })
  })
}

/**
 * The `--` that keeps a free-text value from being read as an option works only while it ends the options. When
 * the argument just before it is an option that may take a value (`-f`, `-cf`, `-e`, `--output`), the program
 * may take the `--` as that value and read the free text after it as options: `tar -c {{named:-f}} -- {{files}}`
 * with `files` = `--checkpoint-action=exec=…` ran code, and `grep -r -e -- {{v}}` read `--version` (a tool-skill
 * probe; lint's SKL516 cannot know which options take values). So when the command as run puts such an option
 * right before the `--`, a free-text value after it that starts with `-` is refused. The message, or undefined.
 */
const dashDashTaken = (
  template: CommandTemplate,
  parts: ReadonlyArray<ReadonlyArray<string>>,
  params: ReadonlyMap<string, ParameterDefinition>
): string | undefined => {
  const at = template.args.findIndex((a) => literalOf(a) === "--")
  if (at < 0) return undefined
  const before = parts.slice(0, at).flat().at(-1)
  // An option that may take the next argument: `-x…` or `--name` without `=value`.
  if (before === undefined || !before.startsWith("-") || before === "-" || before === "--" || (before.startsWith("--") && before.includes("="))) return undefined
  for (let i = at + 1; i < template.args.length; i++) {
    const arg = template.args[i]!
    const v = arg.length === 1 && arg[0]!._tag === "Variable" && arg[0]!.modifier === undefined ? params.get(arg[0]!.name) : undefined
    if (v === undefined || !isFreeText(v)) continue
    const dashed = parts[i]!.find((x) => x.startsWith("-"))
    if (dashed !== undefined) {
      return `the value of '${v.name}' ('${dashed.length > 40 ? `${dashed.slice(0, 40)}…` : dashed}') starts with '-', and the option '${before}' just before the '--' that protects it may take that '--' as its own value, so the program could read the value as an option: give a value that does not start with '-' (the tool's author can move '${before}' earlier, so that an operand stands right before '--', or, when '${before}' takes a value, join them in one argument: '${before.startsWith("--") ? `${before}=…` : `${before}…`}')`
    }
  }
  return undefined
}
