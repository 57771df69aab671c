/**
 * Skill names follow the Agent Skills format (DECISIONS #19, #52): 1–64 code
 * points of lowercase letters (any script, as skills-ref accepts them after
 * NFKC: `über-skill`, `мой-навык`), digits and hyphens, no leading, trailing
 * or doubled hyphen.
 */
export const MAX_NAME_LENGTH = 64

export type NameProblem =
  | "empty"
  | "too-long"
  | "invalid-characters"
  | "leading-or-trailing-hyphen"
  | "doubled-hyphen"

export const nameProblem = (name: string): NameProblem | undefined => {
  if (name.length === 0) return "empty"
  if ([...name].length > MAX_NAME_LENGTH) return "too-long"
  const nfkc = name.normalize("NFKC")
  if (!/^[\p{L}\p{N}-]+$/u.test(nfkc) || nfkc !== nfkc.toLowerCase()) return "invalid-characters"
  if (name.startsWith("-") || name.endsWith("-")) return "leading-or-trailing-hyphen"
  if (name.includes("--")) return "doubled-hyphen"
  return undefined
}

export const describeNameProblem = (name: string, problem: NameProblem): string => {
  switch (problem) {
    case "empty":
      return "skill name is empty"
    case "too-long":
      return `invalid skill name '${name}': longer than ${MAX_NAME_LENGTH} characters`
    case "invalid-characters":
      return `invalid skill name '${name}': use lowercase letters, digits and hyphens only`
    case "leading-or-trailing-hyphen":
      return `invalid skill name '${name}': must not start or end with a hyphen`
    case "doubled-hyphen":
      return `invalid skill name '${name}': must not contain '--'`
  }
}

/** `my-cool-skill` → `My Cool Skill` (RFC-0006:C-INIT template heading). */
export const titleCase = (name: string): string =>
  name
    .split("-")
    .filter((part) => part.length > 0)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(" ")

/**
 * A valid name close to an invalid one, for a message's "e.g." (issue 43):
 * `PG Migrations` → `pg-migrations`; undefined when nothing usable is left.
 */
export const suggestedName = (name: string): string | undefined => {
  const s = name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_NAME_LENGTH)
    .replace(/-+$/, "")
  return s.length > 0 && s !== name && nameProblem(s) === undefined ? s : undefined
}
