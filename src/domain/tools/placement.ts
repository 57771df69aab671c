/**
 * Where a free-text value may stand in a command template (issue 45 item 1,
 * lint SKL516 `tool-free-text-placement`).
 *
 * SKL515 (interpreters.ts) knows programs that run an argument as code, and
 * a list is never complete: `git -c alias.x={{v}} x`, `tar
 * --checkpoint-action=exec={{v}}`, `sqlite3 :memory: {{v}}` (`.shell …`),
 * `npx {{v}}` (`--call=…`), `vim -es -c {{v}}` all ran an agent's value as
 * code. This rule judges the template's *structure* instead, knowing no
 * program, so that an unknown program cannot turn a value into code either.
 *
 * A *free-text* parameter is a string (or an array of strings) with no
 * declared `Values` or `Pattern`. Its placeholder must:
 * - be a whole argument — never spliced with other text into one argument
 *   (`alias.x={{v}}`, `--checkpoint-action=exec={{v}}`, `--name={{v}}`,
 *   `prefix{{v}}`), where the text around it makes the program read it as
 *   an option's value, a setting or code;
 * - stand after a literal `--` argument, since a value may start with `-`
 *   and be read as an option (`--call=…`, `-c …`, `--eval …`).
 * The program itself is always literal text (template.ts).
 *
 * Constrained values may go anywhere: integers, numbers and booleans (their
 * text is a number or the template's own literal), and strings whose
 * parameter declares `Values` (an enumeration) or a `Pattern` (which every
 * value must match whole).
 *
 * One position is known to hold data, whatever the value: the leading
 * `NAME=value` assignments of `env` (`env NAME={{v}} sh -c 'echo "$NAME"'`),
 * under a plain name: not one programs read as a program, options, code or a
 * place to load code from (`NODE_OPTIONS`, `GIT_SSH_COMMAND`, `PATH`,
 * envNames.ts). This is an allow list: a position missing from it is
 * refused, never let through.
 *
 * A template that needs a free-text value elsewhere declares it in the
 * frontmatter: `free_text_anywhere: [tool.parameter, …]`. `skc approve`
 * and the confirmation prompt say so in words. The interpreter list
 * (SKL515) still applies to a declared parameter: it is the second line of
 * defence, and declaring never lets a value reach `sh -c`.
 */
import type { CommandTemplate, ParameterDefinition, ToolSkill } from "./model.js"
import { literalOf, renderTemplate } from "./template.js"
import { assignmentOf, notPlainData } from "./envNames.js"

export interface PlacementHazard {
  readonly variable: string
  readonly message: string
}

/** A string or array parameter with neither `Values` nor `Pattern`: any text at all. */
export const isFreeText = (p: ParameterDefinition): boolean =>
  (p.type === "string" || p.type === "array" || p.type === undefined) && p.values === undefined && p.pattern === undefined

const baseName = (program: string): string => (program.split(/[\\/]/).pop() ?? program).toLowerCase().replace(/\.exe$/, "")

/** `env A=1 B={{v}} prog`: env's leading assignments (env's options may come first), by index, with the variable's name. */
const envAssignments = (command: CommandTemplate): ReadonlyMap<number, string> => {
  const out = new Map<number, string>()
  if (baseName(command.program) !== "env") return out
  for (let i = 0; i < command.args.length; i++) {
    const arg = command.args[i]!
    const literal = literalOf(arg)
    if (literal !== undefined && (literal === "-i" || literal === "--ignore-environment" || literal === "-0" || literal === "--null")) continue
    const name = assignmentOf(arg)
    if (name !== undefined) {
      out.set(i, name)
      continue
    }
    break
  }
  return out
}

/**
 * Every placement of a free-text placeholder that the rule refuses. `declared`
 * holds the parameters the skill declares in `free_text_anywhere` for this tool.
 */
export const placementHazards = (
  command: CommandTemplate,
  parameters: ReadonlyArray<ParameterDefinition>,
  declared: ReadonlySet<string> = new Set()
): ReadonlyArray<PlacementHazard> => {
  const byName = new Map(parameters.map((p) => [p.name, p]))
  const free = (name: string) => {
    const p = byName.get(name)
    return p !== undefined && isFreeText(p) && !declared.has(name)
  }
  const assignments = envAssignments(command)
  const out: Array<PlacementHazard> = []
  let afterDashDash = false
  for (let i = 0; i < command.args.length; i++) {
    const arg = command.args[i]!
    if (literalOf(arg) === "--") {
      afterDashDash = true
      continue
    }
    for (const f of arg) {
      if (f._tag !== "Variable" || !free(f.name) || f.modifier !== undefined) continue
      const variable = assignments.get(i)
      if (variable !== undefined) {
        // An assignment holds data only under a plain name: NODE_OPTIONS, GIT_SSH_COMMAND, PATH… are read as more.
        if (!notPlainData(variable)) continue
        out.push({
          variable: f.name,
          message: `free-text '{{${f.name}}}' is the value of the environment variable '${variable}', which programs may read as a program, options, code or a place to load code from: give the variable a plain name (e.g. 'TOOL_VALUE'), give '${f.name}' Values or a Pattern, or declare it in free_text_anywhere`
        })
        continue
      }
      const shown = `'${arg.map((g) => (g._tag === "Literal" ? g.text : `{{${g.name}${g.modifier === undefined ? "" : `:${g.modifier}`}}}`)).join("")}'`
      if (arg.length > 1) {
        out.push({
          variable: f.name,
          message: `free-text '{{${f.name}}}' is spliced into the argument ${shown}: the text around it can make the program read the value as an option, a setting or code; pass it as a whole argument after '--', give '${f.name}' Values or a Pattern, or declare it in free_text_anywhere`
        })
      } else if (!afterDashDash) {
        out.push({
          variable: f.name,
          message: `free-text '{{${f.name}}}' can start with '-' and be read as an option (e.g. '--eval=…'): put a literal '--' argument before it, give '${f.name}' Values or a Pattern, or declare it in free_text_anywhere`
        })
      }
    }
  }
  out.push(...swallowedDashDash(command, byName, free))
  return out
}

/**
 * A literal option whose value is an optional placeholder, before the `--`
 * that protects a free-text value (`grep -e {{word}} -- {{file}}`): left
 * out, the placeholder drops its whole argument (spec §3.4) and the option
 * takes the next argument as its value, the `--` itself, so the free text
 * after it can be read as an option (`file` = `--version` ran `grep
 * --version`; found by a new-user pass). Refused on that free-text value.
 */
const swallowedDashDash = (
  command: CommandTemplate,
  byName: ReadonlyMap<string, ParameterDefinition>,
  free: (name: string) => boolean
): ReadonlyArray<PlacementHazard> => {
  const dashDash = command.args.findIndex((a) => literalOf(a) === "--")
  if (dashDash < 0) return []
  const after = command.args.slice(dashDash + 1).flatMap((a) => a.flatMap((f) => (f._tag === "Variable" && free(f.name) && f.modifier === undefined ? [f.name] : [])))
  if (after.length === 0) return []
  for (let i = 0; i + 1 < dashDash; i++) {
    const option = literalOf(command.args[i]!)
    const value = command.args[i + 1]!
    const only = value.length === 1 && value[0]!._tag === "Variable" ? value[0]! : undefined
    if (option === undefined || !option.startsWith("-") || option === "-" || only?._tag !== "Variable" || only.modifier !== undefined) continue
    const p = byName.get(only.name)
    if (p === undefined || p.required || p.default !== undefined) continue
    return after.map((name) => ({
      variable: name,
      message: `free-text '{{${name}}}' stands after '--', but when optional '{{${only.name}}}' is left out its option '${option}' takes the next argument as its value, that '--' itself, and the value can be read as an option: write the option and its value as one argument ('${option.startsWith("--") ? `${option}={{${only.name}}}` : `${option}{{${only.name}}}`}'), make '${only.name}' required, or give it a default`
    }))
  }
  return []
}

/**
 * The skill's `free_text_anywhere` declarations in words, for people about to
 * approve it (`skc approve`, the first-run confirmation): what each lets a
 * value do, and the command it appears in.
 */
export const declarationsInWords = (skill: ToolSkill): ReadonlyArray<string> =>
  skill.freeTextAnywhere.map((entry) => {
    const [toolName, param] = entry.split(".") as [string, string]
    const tool = skill.tools.find((t) => t.name === toolName)
    const where = tool?.command === undefined ? "" : `: ${renderTemplate(tool.command)}`
    return `tool '${toolName}' places the free text of '${param}' where the program may read it as an option, a setting or code — an agent chooses that text (free_text_anywhere)${where}`
  })
