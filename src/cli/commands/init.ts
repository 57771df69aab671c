import { Args, Command, Options } from "@effect/cli"
import { formatOption, positional, verboseOption } from "../shared.js"
import { runInit } from "./init.run.js"

/** Exported so the fast-path test can parse with exactly these options. */
export const initConfig = {
  name: positional("name", "Skill name to create (lowercase letters, digits, hyphens).").pipe(Args.optional),
  global: Options.boolean("global").pipe(Options.withDescription("Create the skill in the global store (~/.skillc/skills).")),
  format: formatOption(),
  verbose: verboseOption
}

export const initCommand = Command.make("init", initConfig, runInit).pipe(
  Command.withDescription(
    [
      "Initialize a skillc project, or create a skill from the minimal template.",
      "",
      "Examples:",
      "  skc init                      # create .skillc/skills/ in this directory",
      "  skc init my-skill             # create .skillc/skills/my-skill/SKILL.md",
      "  skc init my-skill --global    # create ~/.skillc/skills/my-skill/SKILL.md"
    ].join("\n")
  )
)
