/**
 * A tool argument's value kept out of the access log (docs/tool-skills.md: the log holds "never the
 * arguments' values, which are the agent's (a message, a path, a token) and a log may be pushed to a
 * team's database"). A refusal that quotes the value (`"sk-…" is not one of "a", "b"`) is logged with
 * the value replaced. Pure.
 */

/** Every value a call gave, as text: the JSON object's (arrays flattened) and the `name=value` pairs'. */
export const givenValues = (json: unknown, pairs: ReadonlyArray<string> | undefined): ReadonlyArray<string> => {
  const out: Array<string> = []
  const add = (v: unknown): void => {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out.push(String(v))
    else if (Array.isArray(v)) v.forEach(add)
  }
  if (typeof json === "object" && json !== null && !Array.isArray(json)) Object.values(json).forEach(add)
  for (const p of pairs ?? []) {
    const at = p.indexOf("=")
    if (at >= 0) out.push(p.slice(at + 1))
  }
  return out.filter((v) => v !== "")
}

/** `message` with each value quoted in it (`"v"`, `'v'`, as JSON or in single quotes) replaced by `<value>`; longest first. */
export const withoutValues = (message: string, values: ReadonlyArray<string>): string => {
  let out = message
  for (const v of [...values].sort((a, b) => b.length - a.length)) {
    for (const quoted of [JSON.stringify(v), `'${v}'`]) out = out.split(quoted).join("<value>")
  }
  return out
}
