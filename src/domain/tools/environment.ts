/**
 * The environment a tool runs in (tool-skills spec §5.1–5.2): only a few
 * harmless variables are inherited, anything that looks like a secret is
 * dropped even if it matched the inherit list, and the skill's identity is
 * injected under both skc's names and the spec's `GIBBERISH_*` names.
 */
import type { Mode } from "./model.js"

const INHERITED = new Set(["PATH", "HOME", "USER", "LANG", "TERM"])

/** Blocked whatever else says: `*_TOKEN`, `*_KEY`, `*_SECRET`, `AWS_*`, `OPENAI_*`, `ANTHROPIC_*`, `GITHUB_TOKEN`. */
export const isSecretName = (name: string): boolean => {
  const upper = name.toUpperCase()
  return (
    upper === "GITHUB_TOKEN" ||
    upper.endsWith("_TOKEN") ||
    upper.endsWith("_KEY") ||
    upper.endsWith("_SECRET") ||
    upper.startsWith("AWS_") ||
    upper.startsWith("OPENAI_") ||
    upper.startsWith("ANTHROPIC_")
  )
}

export const isInherited = (name: string): boolean => (INHERITED.has(name) || name.startsWith("LC_")) && !isSecretName(name)

export const toolEnvironment = (
  parent: Readonly<Record<string, string | undefined>>,
  skill: { readonly name: string; readonly dir: string; readonly mode: Mode }
): Readonly<Record<string, string>> => {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(parent)) {
    if (value !== undefined && isInherited(name)) env[name] = value
  }
  env.SKC_SKILL_NAME = env.GIBBERISH_SKILL_NAME = skill.name
  env.SKC_SKILL_DIR = env.GIBBERISH_SKILL_DIR = skill.dir
  env.SKC_MODE = env.GIBBERISH_MODE = skill.mode
  return env
}
