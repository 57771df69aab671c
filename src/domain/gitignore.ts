/**
 * What `skc init` adds to a project's `.gitignore` (issue 46 item 2): the
 * files `skc build` and the access log make on this machine stay out of git
 * — runtimes with their indexes and logs, the local logs of `skc sync`,
 * the access log of a copied deployment — while the sources
 * (`.skillc/skills/`), the config (`.skillc/config.toml`) and the deployed
 * links (`.claude/skills/<name>`) go in. A teammate runs `skc build --all`
 * after cloning. Pure: the file's text in, the text to write out.
 */

/** The lines skc needs, in the order written. */
export const SKC_IGNORES: ReadonlyArray<string> = [
  "/.skillc/runtime/",
  "**/.skillc/logs/",
  "**/.skillc-meta/logs.db*",
  // What a killed `skc build <path>` leaves beside the store's skills for up to an hour (src/app/shared/
  // swapIntoPlace.ts): a whole hidden copy of the skill, which a `git add .` meanwhile committed (a kill probe).
  "/.skillc/skills/.*.import-*",
  "/.skillc/skills/.*.old-*"
]

const HEADER = "# skc: runtimes, indexes and access logs are built on each machine (skc build --all)"

export interface GitignoreEdit {
  /** The file's new text; `undefined` when nothing changes. */
  readonly text: string | undefined
  /** The lines added (none when every one was already there). */
  readonly added: ReadonlyArray<string>
}

/**
 * `existing` extended with every line of `SKC_IGNORES` it lacks (a line
 * counts as present when the file has it, surrounding spaces ignored);
 * idempotent: a second call adds nothing.
 */
export const extendGitignore = (existing: string | undefined): GitignoreEdit => {
  const present = new Set((existing ?? "").split(/\r?\n/).map((l) => l.trim()))
  const added = SKC_IGNORES.filter((l) => !present.has(l))
  if (added.length === 0) return { text: undefined, added }
  const before = existing === undefined || existing === "" ? "" : existing.endsWith("\n") ? `${existing}\n` : `${existing}\n\n`
  const header = present.has(HEADER) ? [] : [HEADER]
  return { text: `${before}${[...header, ...added].join("\n")}\n`, added }
}
