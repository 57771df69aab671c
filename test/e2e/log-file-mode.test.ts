/**
 * The access log's files take the process's umask, as skc's other files do (a two-user probe: in a checkout
 * two engineers share with umask 002, `logs.db` was 0644 whatever the umask, since SQLite makes its files so;
 * the second engineer's reads went to a fallback neither could sync). RFC-0007:C-LOGGING.
 */
import { spawnSync } from "node:child_process"
import { statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()

/** `skc outline <skill>` under `umask`, in a shell: the mode of the log it made. */
const logModeUnder = (umask: string, skill: string) => {
  writeTree(join(sb.work, ".skillc", "skills", skill), { "SKILL.md": `---\nname: ${skill}\ndescription: A skill. Use when testing.\n---\n# ${skill}\n\n## Part\n\ntext\n` })
  const r = spawnSync("sh", ["-c", `umask ${umask} && exec "$0" "$1" outline "$2"`, process.execPath, BIN, skill], {
    cwd: sb.work,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
  })
  expect(r.status, r.stderr).toBe(0)
  const meta = join(sb.work, ".skillc", "runtime", skill, ".skillc-meta")
  return { db: statSync(join(meta, "logs.db")).mode & 0o777, wal: statSync(join(meta, "logs.db-wal")).mode & 0o777 }
}

describe("the access log's file modes follow the umask", () => {
  it("umask 002 makes a group-writable log (its -wal too); umask 022 and 077 as they say", () => {
    expect(logModeUnder("002", "shared")).toEqual({ db: 0o664, wal: 0o664 })
    expect(logModeUnder("022", "usual")).toEqual({ db: 0o644, wal: 0o644 })
    expect(logModeUnder("077", "private")).toEqual({ db: 0o600, wal: 0o600 })
  })
})
