import type { Rule } from "../types.js"

/**
 * SKL001 is a meta rule (RFC-0008:C-REGISTRY): the lint use case consults it
 * before running the others, so its check never reports anything.
 */
export const skl001: Rule = {
  id: "SKL001",
  name: "skip-compiled",
  defaultSeverity: "n/a",
  category: "meta",
  source: "RFC-0008:C-REGISTRY, RFC-0008:C-SCOPE",
  summary: "Skip compiled skills (detected by .skillc-meta/manifest.json).",
  doc:
    "A compiled skill (a runtime directory written by `skc build`, recognised by its `.skillc-meta/manifest.json`) is a derived artifact whose stub SKILL.md differs from the source, so lint prints `info: skipping compiled skill '<name>'` (followed, when its manifest records the source it was built from, by a line `  lint its source: skc lint <source>`) and exits 0. With `--force` the skill is linted anyway and this rule reports `warning[W300]: SKL001 skip-compiled: linting compiled skill; results may not be meaningful` on stderr.",
  fix: "Lint the source skill (`skc lint <name>` or its source directory) rather than the compiled output, or pass `--force`.",
  check: () => []
}

export const COMPILED_WARNING = "linting compiled skill; results may not be meaningful"
