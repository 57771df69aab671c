/**
 * `--target` is not remembered (DECISIONS #51, #53; RFC-0009 `[build] targets`): `skc build --all
 * --target claude,agents` deploys there this once, and a teammate's plain `skc build --all` (or the
 * same author's next one) goes to `.claude/skills` alone, so a skill added later never reaches
 * `.agents/skills`. A project build given targets other than the project's default (`[build]
 * targets`, else claude) says, once, how to make them the default. Pure.
 */
import { DEFAULT_TARGET } from "./targets.js"

/** The words of a target text, trimmed, each once, in order (`claude, agents,claude` is `claude`, `agents`). */
const words = (text: string): ReadonlyArray<string> => [...new Set(text.split(",").map((w) => w.trim()).filter((w) => w !== ""))]

/**
 * The note, or undefined when `given` names the default's targets (in any order). `configured`: the
 * resolved `[build] targets`; `configFile`: the project's config file as the user reaches it.
 */
export const targetDefaultNote = (given: string, configured: ReadonlyArray<string>, configFile: string): string | undefined => {
  const asked = words(given)
  const standing = configured.length > 0 ? words(configured.join(",")) : [DEFAULT_TARGET]
  if (asked.length === 0 || (asked.length === standing.length && asked.every((w) => standing.includes(w)))) return undefined
  // TOML basic strings: a JSON string literal is one (the same escapes), so a path with a quote stays one value.
  return `note: to deploy here by default, set [build] targets = [${asked.map((w) => JSON.stringify(w)).join(", ")}] in ${configFile}`
}
