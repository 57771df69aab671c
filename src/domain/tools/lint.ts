/**
 * Lint rules of the tool-skill dialect (tool-skills spec §9; RFC-0008 rule
 * shape: id, name, default severity, docs, pure check). Ids SKL5xx are this
 * dialect's block. They apply only when a skill declares tools
 * (`declaresTools`), and then the dialect's frontmatter fields (`DIALECT_FIELDS`)
 * are known to SKL109 (DECISIONS #3).
 *
 * Each rule selects the parser's problems of its kinds: the parser is the
 * one place that knows the dialect, so lint and `skc run` can never disagree
 * about what is wrong.
 */
import { splitLines } from "../markdown/lines.js"
import { configureRules, runRules } from "../lint/runner.js"
import { makeSnapshot } from "../lint/snapshot.js"
import type { Rule, SkillSnapshot } from "../lint/types.js"
import { normalizePath } from "../lint/paths.js"
import { codeWords, embeddedPathWords, IMPLIED_EXTENSIONS, looksLikeScriptPath } from "./approval.js"
import { declaresTools, parseToolSkillFrom } from "./parse.js"
import type { CommandTemplate, ProblemKind } from "./model.js"
import { assignedName } from "./envNames.js"
import { splitStringWords, type WordsOfCommand } from "./interpreters.js"

/**
 * A dialect rule is a registry rule (one rule shape for every family, issue
 * 15 item 4) that also names the parser's problem kinds it reports.
 */
export interface ToolLintRule extends Rule {
  readonly defaultSeverity: "error" | "warning"
  readonly kinds: ReadonlyArray<ProblemKind>
}

/** The dialect applies when SKILL.md declares tools. */
export const declaresToolsIn = (s: SkillSnapshot): boolean => {
  const doc = s.markdown("SKILL.md")
  return doc !== undefined && declaresTools(doc)
}

const parsed = new WeakMap<SkillSnapshot, ReturnType<typeof parseToolSkillFrom>>()

/** SKILL.md parsed by the dialect's parser, once per snapshot for every SKL5xx rule. */
const parsedOf = (s: SkillSnapshot) => {
  let p = parsed.get(s)
  if (p === undefined) {
    const doc = s.markdown("SKILL.md")
    if (doc === undefined) return undefined
    const source = s.markdownFiles.find((f) => f.path === "SKILL.md")?.source ?? ""
    p = parseToolSkillFrom(doc, splitLines(source))
    parsed.set(s, p)
  }
  return p
}

type ToolRuleSpec = Omit<ToolLintRule, "check" | "category" | "appliesTo" | "doc"> & { readonly doc: string }

const rule = (r: ToolRuleSpec): ToolLintRule => ({
  ...r,
  category: "tools",
  doc: `${r.doc} Applies only to skills that declare tools.`,
  appliesTo: declaresToolsIn,
  check: (s) =>
    (parsedOf(s)?.problems ?? [])
      .filter((p) => r.kinds.includes(p.kind))
      .map((p) => ({ file: "SKILL.md", line: p.line, message: p.message }))
})

const SPEC = "tool-skills SKILL spec"

/**
 * The code a command runs that `skc run` cannot run from the skill, each with why: a program written as a
 * relative path (`./scripts/none.sh`, resolved from the skill's root) or a script or module an interpreter
 * loads (`bash scripts/setup.sh`, `node -r ./hook main.js`) that the skill does not hold as a file, holds
 * only as a directory, names without its extension (run refuses it: the program would find the project's
 * file of that name), or that leads out of the skill (E012).
 */
export const scriptProblems = (command: CommandTemplate, lookup: SkillSnapshot["lookup"]): ReadonlyArray<{ readonly word: string; readonly why: string }> => {
  const split = splitScripts(command)
  return [
    ...split.map((word) => ({ word, why: SPLIT_STRING_WHY })),
    ...embeddedPathWords(command).flatMap((word) => {
      // env's split string is said as such above.
      if (split.includes(word)) return []
      const path = normalizePath(word)
      if (path === "" || path === "." || path === ".." || path.startsWith("../")) return []
      const held = [path, ...IMPLIED_EXTENSIONS.map((ext) => path + ext)].some((p) => lookup(p) !== undefined)
      return held ? [{ word, why: EMBEDDED_WHY }] : []
    }),
    ...codeWords(command).flatMap((word, i) => {
      if (word.startsWith("/") || word.startsWith("-") || word.includes("\0")) return []
      // The program is a file of the skill only when written as a path; `python3` is found on PATH.
      if (i === 0 ? !word.includes("/") : !looksLikeScriptPath(word)) return []
      const path = normalizePath(word)
      if (path === "" || path === ".") return []
      if (path === ".." || path.startsWith("../")) return [{ word, why: "a path leading out of the skill, which skc run refuses (E012)" }]
      const entry = lookup(path)
      if (entry?.type === "file") return []
      if (entry?.type === "directory") return [{ word, why: "a directory of the skill, not a file" }]
      const implied = i === 0 ? undefined : IMPLIED_EXTENSIONS.find((ext) => lookup(path + ext)?.type === "file")
      if (implied !== undefined) {
        return [{ word, why: `the skill's ${path}${implied} named without its extension, which skc run refuses (the program would find the project's file of that name); write '${word}${implied}'` }]
      }
      return [{ word, why: "which the skill does not hold" }]
    })
  ]
}

/** Why a skill file named inside a longer argument (`sh -c './x.sh | sort'`) never runs: skc run refuses the tool. */
export const EMBEDDED_WHY =
  "a file of the skill named inside a longer argument, which skc run refuses (what runs the argument finds it from the project's directory, where the project's file of that name would run): pass it as an argument of its own (sh -c '\"$1\" | sort' -- scripts/x.sh)"

/** Why a script named inside env's split string (`env -S './x.sh'`) never runs: skc run refuses the tool. */
export const SPLIT_STRING_WHY = "a file named inside the string env -S splits, which skc run refuses (it would be found from the project's directory): write the words apart (env X=1 ./x.sh)"

/** The words of env's split string that name a file as a path (`./x.sh`, `scripts/a.py`): what `skc run` refuses. */
export const splitScripts = (command: WordsOfCommand): ReadonlyArray<string> =>
  (splitStringWords(command) ?? []).filter((w) => !w.startsWith("-") && assignedName(w) === undefined && looksLikeScriptPath(w))

/** The words of `scriptProblems`: what a command runs that is no file of the skill. */
export const missingScripts = (command: CommandTemplate, lookup: SkillSnapshot["lookup"]): ReadonlyArray<string> => scriptProblems(command, lookup).map((p) => p.word)

/** SKL517: code a tool runs is in the skill (a probe's tool passed lint and approval, then failed with ENOENT). */
const scriptPresent: ToolLintRule = {
  id: "SKL517",
  name: "tool-script-present",
  defaultSeverity: "warning",
  kinds: [],
  category: "tools",
  source: `${SPEC} §3.5, §9.3`,
  summary: "A script a tool runs is a file of the skill.",
  doc: "A program written as a relative path (`./scripts/task.sh`, run from the skill's root) or a script an interpreter loads (`bash scripts/setup.sh`, `node ./tool.js`), also behind a wrapper (`env X=1 ./x.sh`, `timeout 5 bash x.sh`), must be a file of the skill, named with its extension, inside the skill: else `skc run` fails with `Command not found` or refuses the tool (a script the skill does not hold, one named without its extension, a path out of the skill: E012), after the tool was listed to agents and approved. Applies only to skills that declare tools.",
  fix: "Add the file to the skill, or fix the path in the `#### Command` block.",
  appliesTo: declaresToolsIn,
  check: (s) =>
    (parsedOf(s)?.skill.tools ?? []).flatMap((tool) =>
      tool.command === undefined
        ? []
        : scriptProblems(tool.command, s.lookup).map(({ word, why }) => ({
            file: "SKILL.md",
            line: tool.command!.line,
            message: why.startsWith("which") ? `tool '${tool.name}' runs '${word}', ${why}` : `tool '${tool.name}' runs '${word}': ${why}`
          }))
    )
}

export const toolLintRules: ReadonlyArray<ToolLintRule> = [
  rule({ id: "SKL501", name: "tool-version-required", defaultSeverity: "error", kinds: ["version-missing"], source: `${SPEC} §2.2, §9.1`,
    summary: "A tool skill declares its `version`.",
    doc: "Tool skills are executable; `version` (required by the dialect) tells users and approval records which revision they run.",
    fix: "Add `version: 1.0.0` to the frontmatter." }),
  rule({ id: "SKL502", name: "tool-version-semver", defaultSeverity: "error", kinds: ["version-semver"], source: `${SPEC} §2.2`,
    summary: "`version` is a semver version.",
    doc: "`version` must be MAJOR.MINOR.PATCH with optional pre-release and build parts (semver 2.0). Quote it in YAML so `1.0` is not read as a number.",
    fix: "Write the version as `1.2.3`." }),
  rule({ id: "SKL503", name: "tool-description-length", defaultSeverity: "warning", kinds: ["description-length"], source: `${SPEC} §2.2, §9.2`,
    summary: "A tool skill's description is at most 256 characters.",
    doc: "Tool manifests put every description in the model's prompt (§7.1); the dialect limits it to 256 code points (longer ones are truncated by runtimes).",
    fix: "Shorten the description; move detail into the body." }),
  rule({ id: "SKL504", name: "tool-field-type", defaultSeverity: "error", kinds: ["field-type"], source: `${SPEC} §2.2`,
    summary: "`read_only`, `always_ask`, `network` are booleans; `author` is a string.",
    doc: "These fields govern approval (§6); a value that is not a YAML boolean (e.g. `\"yes\"`) would be silently misread, so it is an error and the default applies.",
    fix: "Write `true` or `false` without quotes." }),
  rule({ id: "SKL505", name: "tool-timeout-range", defaultSeverity: "error", kinds: ["timeout-range"], source: `${SPEC} §2.2, §5.3`,
    summary: "`timeout` is a whole number of seconds from 1 to 300.",
    doc: "Tools are stopped after `timeout` seconds (default 30); the dialect allows 1-300.",
    fix: "Set `timeout` between 1 and 300, or remove it for the default 30." }),
  rule({ id: "SKL506", name: "tool-modes", defaultSeverity: "error", kinds: ["modes"], source: `${SPEC} §2.2, §7.2`,
    summary: "`modes` lists only Global, Dev and Meeting.",
    doc: "`modes` decides where a skill's tools are offered (default `[Global]`); an unknown mode is a typo that hides the tools.",
    fix: "Use `modes: [Global]`, `[Dev]`, `[Meeting]` or a combination." }),
  rule({ id: "SKL507", name: "tools-present", defaultSeverity: "error", kinds: ["no-tools"], source: `${SPEC} §3, §9.1`,
    summary: "A skill using the tool dialect defines at least one tool.",
    doc: "A tool is an H3 heading whose section holds a `#### Command` (and usually `#### Parameters`) heading. Dialect frontmatter without any tool is an error.",
    fix: "Add a `### tool_name` block with a `#### Command` code block, or remove the dialect fields." }),
  rule({ id: "SKL508", name: "tool-name-format", defaultSeverity: "error", kinds: ["tool-name-format"], source: `${SPEC} §3.2`,
    summary: "Tool names are 1-32 lowercase letters, digits or underscores.",
    doc: "Tool names become function names for models (`[a-z0-9_]{1,32}`), so hyphens and capitals are not allowed.",
    fix: "Rename the `###` heading, e.g. `git-status` → `git_status`." }),
  rule({ id: "SKL509", name: "tool-name-unique", defaultSeverity: "error", kinds: ["tool-name-duplicate"], source: `${SPEC} §3.2, §9.1`,
    summary: "Tool names are unique within a skill.",
    doc: "Two tools with one name cannot be told apart by a caller; `skc run` refuses both.",
    fix: "Rename one of the tools." }),
  rule({ id: "SKL510", name: "tool-parameter-table", defaultSeverity: "error", kinds: ["parameter-table"], source: `${SPEC} §3.1`,
    summary: "Parameters tables are well formed.",
    doc: "The `#### Parameters` section holds a table with Name and Type columns (Required, Description, Default optional), a delimiter row, unique parameter names, Required as yes/no, and defaults of the parameter's type; or just `None.`.",
    fix: "Fix the table row named in the message." }),
  rule({ id: "SKL511", name: "tool-parameter-type", defaultSeverity: "error", kinds: ["parameter-type"], source: `${SPEC} §3.3`,
    summary: "Parameter types are string, integer, number, boolean or array.",
    doc: "The type decides validation, coercion and the JSON Schema given to models.",
    fix: "Use one of the five types." }),
  rule({ id: "SKL512", name: "tool-command-valid", defaultSeverity: "error", kinds: ["command"], source: `${SPEC} §3.5`,
    summary: "Each tool has exactly one runnable command.",
    doc: "The `#### Command` section's first code block holds one command line (`\\` continues a line): a literal program and arguments, run without a shell. Pipes, redirects, `;`, `&`, `$VAR` and `$(…)` outside quotes are refused, as are unclosed quotes and several commands.",
    fix: "Wrap shell features in a script (`./scripts/task.sh {{input}}`)." }),
  rule({ id: "SKL513", name: "tool-template-variables", defaultSeverity: "error", kinds: ["unknown-variable", "modifier"], source: `${SPEC} §3.4`,
    summary: "Template variables name parameters; `{{flag:--literal}}` only on booleans.",
    doc: "A `{{name}}` that names no parameter could never be filled; a modifier on a non-boolean parameter has no meaning.",
    fix: "Add the parameter to the table, or fix the variable's name." }),
  rule({ id: "SKL514", name: "tool-required-used", defaultSeverity: "warning", kinds: ["required-unused"], source: `${SPEC} §3.4`,
    summary: "Required parameters appear in the command.",
    doc: "A required parameter the command never uses forces callers to supply a value that is thrown away.",
    fix: "Use the parameter in the command, or make it optional or remove it." }),
  rule({ id: "SKL515", name: "tool-interpreter-code", defaultSeverity: "error", kinds: ["interpreter-code"], source: "issue 29 item 2",
    summary: "No placeholder is run as code by an interpreter.",
    doc: "A value passed to an interpreter's code argument (`sh -c \"echo {{v}}\"`, `python3 -c`, `node -e`, `perl -e`, awk's and sed's program, `pwsh -Command`, `cmd /c`, also behind `env`, `xargs`, `timeout`, `sudo`, `find -exec`) runs as code: `--arg \"v=hi; touch PWNED\"` runs the injected command. So does a value that chooses the program, an interpreter's option or its script. `skc run` refuses such a tool even when it was approved before this rule.",
    fix: "Keep the code literal and pass the value as its own argument after `--`: `sh -c 'echo \"$1\"' -- {{v}}`, `node -e 'console.log(process.argv[1])' -- {{v}}`, or a script: `./scripts/task.sh -- {{v}}`." }),
  rule({ id: "SKL516", name: "tool-free-text-placement", defaultSeverity: "error", kinds: ["value-placement"], source: "issue 45 item 1",
    summary: "A free-text value is a whole argument after `--`.",
    doc: "A string or array parameter without `Values` or a `Pattern` holds any text an agent chooses, and no list of programs is complete: `git -c alias.x={{v}} x`, `tar --checkpoint-action=exec={{v}}`, `sqlite3 :memory: {{v}}`, `npx {{v}}` and `vim -es -c {{v}}` all run such a value as code. So its placeholder must be a whole argument (never spliced into `key={{v}}`, `--opt={{v}}` or other text) standing after a literal `--` (a value starting with `-` is otherwise an option). Integers, numbers, booleans and constrained strings may go anywhere; `env NAME={{v}}` assignments are data under a plain name (not one programs read as a program, options, code or a place to load code from: `NODE_OPTIONS`, `GIT_SSH_COMMAND`, `PATH`, `PYTHONPATH`, `*_OPTS`, `*FLAGS`…). When the command as run puts an option right before the protecting `--` (`-f`, `-e`, `--output`), the option may take the `--` as its value, so `skc run` refuses a free-text value after it that starts with `-`. A skill that needs another placement lists `tool.parameter` in the frontmatter field `free_text_anywhere`, which `skc approve` spells out. `skc run` refuses such a tool even when it was approved before this rule.",
    fix: "Write `prog -- {{v}}` (`./scripts/task.sh -- {{v}}`), give the parameter a `Values` or `Pattern` column, or declare `free_text_anywhere: [tool.param]`." }),
  scriptPresent
]

/**
 * Run every dialect rule over one SKILL.md text; empty when the skill declares no tools. SKL517 is left
 * out: a text alone has no files beside it, so every script would read as missing.
 */
export const lintToolSkill = (source: string) => {
  const snapshot = makeSnapshot({ dirName: "", entries: [{ path: "SKILL.md", type: "file" }], markdownFiles: [{ path: "SKILL.md", source }] })
  return runRules(snapshot, configureRules(toolLintRules.filter((r) => r !== scriptPresent), {}).rules).map((d) => ({
    rule: d.rule,
    name: d.name,
    severity: d.severity,
    line: d.line,
    message: d.message
  }))
}
