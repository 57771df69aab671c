/** The index-free gateway commands: outline, open, sources (RFC-0002). */
import { Command, Options } from "@effect/cli"
import { formatOption, optionalNumber, positional, verboseOption } from "../shared.js"
import { runOpen, runOutline, runSources } from "./gateway.run.js"

export { decode } from "./gateway.run.js"

/** Exported so the fast-path test can parse with exactly these options. */
export const outlineConfig = {
  skill: positional("skill", "Skill name or path."),
  level: optionalNumber("level", "Only headings of this level or higher (1-6)."),
  tokens: Options.boolean("tokens").pipe(Options.withDescription("Show each section's estimated tokens (ceil(code points / 4)).")),
  format: formatOption(),
  verbose: verboseOption
}

export const openConfig = {
  skill: positional("skill", "Skill name or path."),
  path: positional("path", "File path relative to the skill root."),
  maxLines: optionalNumber("max-lines", "Return at most this many lines."),
  format: formatOption(),
  verbose: verboseOption
}

export const sourcesConfig = {
  skill: positional("skill", "Skill name or path."),
  depth: optionalNumber("depth", "Maximum tree depth; deeper directories show as 'dir/ (N files)'."),
  dir: Options.text("dir").pipe(Options.withDescription("List only this subdirectory."), Options.optional),
  limit: optionalNumber("limit", "Maximum entries (default 100)."),
  pattern: Options.text("pattern").pipe(Options.withDescription("Glob on file names, e.g. '*.md'."), Options.optional),
  format: formatOption(),
  verbose: verboseOption
}

export const outlineCommand = Command.make("outline", outlineConfig, runOutline).pipe(
  Command.withDescription(
    ["List the headings of every .md file of a skill.", "", "Examples:", "  skc outline my-skill", "  skc outline my-skill --level 2 --format json", "  skc outline my-skill --tokens"].join("\n")
  )
)

export const openCommand = Command.make("open", openConfig, runOpen).pipe(
  Command.withDescription(
    ["Print one file of a skill as it is on disk.", "", "Examples:", "  skc open my-skill references/api.md", "  skc open my-skill scripts/run.sh --max-lines 20"].join("\n")
  )
)

export const sourcesCommand = Command.make("sources", sourcesConfig, runSources).pipe(
  Command.withDescription(
    [
      "List the files of a skill as a tree.",
      "",
      "Examples:",
      "  skc sources my-skill",
      "  skc sources my-skill --depth 1",
      "  skc sources my-skill --dir references --pattern '*.md' --format json"
    ].join("\n")
  )
)
