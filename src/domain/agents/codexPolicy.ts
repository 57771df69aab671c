/**
 * Codex's per-skill metadata file, `agents/openai.yaml` beside SKILL.md
 * (openai/codex `codex-rs/core-skills/src/loader.rs`, `load_skill_metadata`;
 * `model.rs`, `allow_implicit_invocation`). Its `policy` can keep a skill
 * out of the model's listing:
 *
 * ```yaml
 * policy:
 *   allow_implicit_invocation: false
 * ```
 *
 * Such a skill is manual only in Codex: a person calls it with `$name`, the
 * model never sees it. Codex reads the file "fail open": a file that is
 * missing, unreadable or not the YAML it expects is ignored, and the skill is
 * listed. Pure: the caller reads the file.
 */
import { parse } from "yaml"

/** Where Codex looks, relative to the skill directory. */
export const CODEX_METADATA_FILE = "agents/openai.yaml"

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/**
 * `policy.allow_implicit_invocation` of the file's text: `false` keeps the
 * skill out of the model's listing, `true` or `null` (not said, or the file
 * not as Codex expects it: Codex then ignores the whole file) lists it.
 */
export const implicitInvocation = (text: string): boolean | null => {
  let doc: unknown
  try {
    // Codex parses with serde_yaml: one document, and a `policy` of the wrong shape voids the file.
    doc = parse(text, { uniqueKeys: true, maxAliasCount: 100 })
  } catch {
    return null
  }
  if (doc === null || doc === undefined) return null
  if (!isRecord(doc)) return null
  const policy = doc.policy
  if (policy === undefined || policy === null) return null
  if (!isRecord(policy)) return null
  const allow = policy.allow_implicit_invocation
  return typeof allow === "boolean" ? allow : null
}
