import { Command, Options } from "@effect/cli"
import { formatOption, optionalNumber, positional, verboseOption } from "../shared.js"
import { runShow } from "./show.run.js"

/** Exported so the fast-path test can parse with exactly these options. */
export const showConfig = {
  skill: positional("skill", "Skill name or path."),
  section: Options.text("section").pipe(
    Options.withDescription("Heading to show (case-insensitive; a ' — description' suffix is ignored). Required."),
    Options.optional
  ),
  file: Options.text("file").pipe(Options.withDescription("Only look for the heading in this file."), Options.optional),
  maxLines: optionalNumber("max-lines", "Show at most this many lines, then '... (N more lines)'."),
  format: formatOption(),
  verbose: verboseOption
}

export const showCommand = Command.make("show", showConfig, runShow).pipe(
  Command.withDescription(
    [
      "Print one section of a skill, found by its heading in the search index (run 'skc build' first).",
      "",
      "Examples:",
      "  skc show my-skill --section \"Getting Started\"",
      "  skc show my-skill --section setup --file references/install.md",
      "  skc show my-skill --section \"API Reference\" --max-lines 40 --format json"
    ].join("\n")
  )
)
