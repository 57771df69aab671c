/**
 * OpenAI Codex's explicit skill mentions (openai/codex
 * codex-rs/core-skills/src/injection.rs, collect_explicit_skill_mentions and
 * extract_tool_mentions): `$name` in the request selects the skill of that
 * name from every enabled skill, listed to the model or not (an
 * `agents/openai.yaml` with `allow_implicit_invocation: false` only keeps a
 * skill out of the listing). A name is the run of `[A-Za-z0-9_:-]` after
 * `$`, compared exactly; a name two skills share selects neither; `$PATH`,
 * `$HOME` and the other common environment variables are no mentions. A
 * linked mention `[$name](path)` selects the skill at that SKILL.md path,
 * not by name. Structured selections from Codex's own UI have no
 * counterpart in a request's text and are not modelled. Pure.
 */

const isNameChar = (c: string): boolean => /^[A-Za-z0-9_:-]$/.test(c)

/** `is_common_env_var`: compared without case. */
const COMMON_ENV_VARS = new Set(["PATH", "HOME", "USER", "SHELL", "PWD", "TMPDIR", "TEMP", "TMP", "LANG", "TERM", "XDG_CONFIG_HOME"])

export interface DollarMentions {
  /** `$name` written plainly. */
  readonly names: ReadonlySet<string>
  /** The paths of `[$name](path)` links (`skill://` dropped). */
  readonly paths: ReadonlySet<string>
}

/** The `$` mentions of `text`, as `extract_tool_mentions` reads them. */
export const dollarMentions = (text: string): DollarMentions => {
  const names = new Set<string>()
  const paths = new Set<string>()
  const nameEnd = (from: number) => {
    let end = from
    while (end < text.length && isNameChar(text[end]!)) end++
    return end
  }
  for (let i = 0; i < text.length; ) {
    if (text[i] === "[" && text[i + 1] === "$") {
      const end = nameEnd(i + 2)
      let open = end + 1
      while (open < text.length && /\s/.test(text[open]!)) open++
      const close = text.indexOf(")", open)
      const path = close < 0 ? "" : text.slice(open + 1, close).trim()
      if (end > i + 2 && text[end] === "]" && text[open] === "(" && path !== "") {
        if (!COMMON_ENV_VARS.has(text.slice(i + 2, end).toUpperCase())) paths.add(path.replace(/^skill:\/\//, ""))
        i = close + 1
        continue
      }
    }
    if (text[i] !== "$" || i + 1 >= text.length || !isNameChar(text[i + 1]!)) {
      i++
      continue
    }
    const end = nameEnd(i + 1)
    const name = text.slice(i + 1, end)
    if (!COMMON_ENV_VARS.has(name.toUpperCase())) names.add(name)
    i = end
  }
  return { names, paths }
}

/**
 * The skills `text` selects explicitly, in the order of `skills` (every enabled skill, every copy of a
 * name): by a linked mention's path, then by a plain `$name` that exactly one skill has.
 */
export const explicitlyMentioned = <S extends { readonly name: string; readonly path: string }>(text: string, skills: ReadonlyArray<S>): ReadonlyArray<S> => {
  const mentioned = dollarMentions(text)
  if (mentioned.names.size === 0 && mentioned.paths.size === 0) return []
  const counts = new Map<string, number>()
  for (const s of skills) counts.set(s.name, (counts.get(s.name) ?? 0) + 1)
  const selected: Array<S> = skills.filter((s) => mentioned.paths.has(s.path))
  for (const s of skills) {
    if (selected.includes(s) || !mentioned.names.has(s.name) || counts.get(s.name) !== 1) continue
    selected.push(s)
  }
  return selected
}

/** A plain `$name` that selects nothing: no skill has the name, or two or more share it. */
export type UnselectedMention =
  | { readonly _tag: "NoSkill"; readonly name: string; readonly suggestions: ReadonlyArray<string> }
  | { readonly _tag: "Shared"; readonly name: string; readonly paths: ReadonlyArray<string> }

/**
 * The plain `$name` mentions of `text` that select no skill of `skills` (every enabled skill, every copy
 * of a name), in the order written: a name no skill has, with the names one typo away (`closest`
 * of src/domain/suggest.ts), and a name two skills share, which selects neither. The common
 * environment variables are no mentions and are never reported, nor is a name without a letter ("$100").
 */
export const unselectedMentions = (
  text: string,
  skills: ReadonlyArray<{ readonly name: string; readonly path: string }>,
  closest: (name: string, candidates: ReadonlyArray<string>) => ReadonlyArray<string>
): ReadonlyArray<UnselectedMention> => {
  const out: Array<UnselectedMention> = []
  for (const name of dollarMentions(text).names) {
    const paths = skills.filter((s) => s.name === name).map((s) => s.path)
    // "$100" or "$5" in a request is an amount, not a name meant: no notice for a mention without a letter.
    if (paths.length === 0 && /[A-Za-z]/.test(name)) out.push({ _tag: "NoSkill", name, suggestions: closest(name, skills.map((s) => s.name)) })
    else if (paths.length > 1) out.push({ _tag: "Shared", name, paths })
  }
  return out
}
