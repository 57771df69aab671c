/** `skc eval` / `skc_eval` (issue 27, docs/eval.md): does each skill fire on the right requests? */
import { Effect, Layer, Option } from "effect"
import { allWithNames } from "../domain/errors.js"
import { agentFields, agentFlags } from "./agent.js"
import { arg, common, defineCommand, flag } from "./spec.js"
import { ProcessRunnerLive, RegexMatcherLive } from "../layers.js"

export const evalCommand = defineCommand({
  name: "eval",
  summary: [
    "Run each skill's trigger queries (evals/triggers.json) through a judge and report pass rate, precision, recall and every miss.",
    "Exit status 0 when every skill reaches --min-pass, 1 otherwise. See docs/eval.md."
  ],
  examples: [
    "skc eval                                   # every discovered skill with a trigger set (also: skc eval --all)",
    "skc eval pdf-forms --min-pass 0.9 --format json",
    "skc eval --format html > eval.html         # a self-contained report",
    "skc eval ./skills/pdf-forms                # a skill not deployed yet joins what the agent sees",
    "skc eval --judge command --extract-json '$.skill' -- ./my-agent --print {{query}}"
  ],
  args: { skills: arg.many("skill", "Skill names or paths (default: every discovered skill with trigger queries).") },
  rest: "command-arg",
  flags: {
    // What no skill name does already; taken too, as build, lint, search and stats take it (`skc eval --all` in CI).
    all: flag.boolean("all", "Evaluate every discovered skill with trigger queries, as with no skill named."),
    judge: flag.text("judge", "Who decides which skill a query activates: match (offline, default) or command (an agent CLI after --).", {
      choices: ["match", "command"]
    }),
    minPass: flag.float("min-pass", "Least pass rate (0-1) each skill must reach (default 0.8)."),
    threshold: flag.float("threshold", "Match judge: least relevance score (default 3)."),
    extractJson: flag.text("extract-json", "Command judge: JSON path to the activated skill in the agent's output ($.skill, $.events[*].name)."),
    extractRegex: flag.text("extract-regex", "Command judge: regular expression for the activated skill (group 'skill', else group 1)."),
    repeat: flag.integer("repeat", "Command judge: runs per query; the majority decides (default 1, at most 100)."),
    jobs: flag.integer("jobs", "Command judge: agent runs at once (default 4, at most 64)."),
    timeout: flag.integer("timeout", "Command judge: seconds per agent run (default 120, at most 3600)."),
    maxFileBytes: flag.integer("max-file-bytes", "Size cap of each eval file in bytes (default 1048576, at most 67108864)."),
    commandArg: flag.repeated("command-arg", "A word of the agent command; the words after -- are passed here."),
    contextTokens: flag.integer("context-tokens", "Match judge: the model's context window in tokens, as for skc budget (beats [agents.<name>] context_tokens): a skill the listing leaves out past it is matched on nothing."),
    ...agentFlags,
    ...common(["text", "json", "html"])
  },
  mcp: {
    title: "Evaluate skill triggering",
    description:
      "Run each skill's trigger queries (evals/triggers.json) through skc_match: pass rate, precision, recall, each miss with its winner.",
    readOnly: true
  },
  load: async () => {
    const [{ evaluate, evalDocument, EvalInput, EvalMcpInput }, { renderEval }, { renderEvalHtml }, { printJson, printText }] = await Promise.all([
      import("../app/eval/eval.js"),
      import("../render/eval.js"),
      import("../render/evalHtml.js"),
      import("./output.js")
    ])
    return {
      input: EvalInput,
      fromFlags: (o) =>
        o.all && o.skills.length > 0
          ? Effect.fail(allWithNames())
          : Effect.flatMap(Effect.promise(() => import("./decode.js")), ({ decodeFlags }) =>
              decodeFlags(EvalInput, {
                ...(o.skills.length > 0 ? { skills: o.skills } : {}),
                ...(Option.isSome(o.judge) ? { judge: o.judge.value } : {}),
                ...(Option.isSome(o.minPass) ? { min_pass: o.minPass.value } : {}),
                ...(Option.isSome(o.threshold) ? { threshold: o.threshold.value } : {}),
                ...(Option.isSome(o.extractJson) ? { extract_json: o.extractJson.value } : {}),
                ...(Option.isSome(o.extractRegex) ? { extract_regex: o.extractRegex.value } : {}),
                ...(Option.isSome(o.repeat) ? { repeat: o.repeat.value } : {}),
                ...(Option.isSome(o.jobs) ? { jobs: o.jobs.value } : {}),
                ...(Option.isSome(o.timeout) ? { timeout: o.timeout.value } : {}),
                ...(Option.isSome(o.maxFileBytes) ? { max_file_bytes: o.maxFileBytes.value } : {}),
                ...(o.commandArg.length > 0 ? { command: o.commandArg } : {}),
                ...(Option.isSome(o.contextTokens) ? { context_tokens: o.contextTokens.value } : {}),
                ...agentFields(o)
              })
            ),
      run: (input) => evaluate(input).pipe(Effect.provide(Layer.merge(ProcessRunnerLive, RegexMatcherLive))),
      text: (result) => renderEval(result),
      emit: (result, ctx) =>
        ctx.format === "html" ? printText(renderEvalHtml(result)) : ctx.format === "json" ? printJson(evalDocument(result)) : printText(renderEval(result)),
      exitStatus: (result) => (result.passed ? 0 : 1),
      json: evalDocument,
      mcp: { input: EvalMcpInput, output: () => import("../app/eval/eval.js").then((r) => r.EvalDocument) }
    }
  }
})
