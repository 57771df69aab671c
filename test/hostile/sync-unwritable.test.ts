/**
 * `skc sync` where this user may not write (RFC-0007:C-SYNC, RFC-0005 E041/E042), found by a hostile-input probe
 * (sixty-third pass): a read-only `$SKILLC_HOME` made sync fail `error[E999]: cannot take the sync lock … (EACCES)`,
 * though the spec names E041 for a destination sync cannot write; a fallback this user may not move was E999 too.
 * Each is now its RFC code, and the fallback's rows stay. As root, the child runs as nobody (setpriv).
 */
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { canDropPrivileges, runUnprivileged, shareForUnprivileged } from "./unprivileged.js"

const SKILL = "---\nname: sheets\ndescription: Works with spreadsheets. Use when editing a workbook.\n---\n# Sheets\n\n## Formulas\n\nRecalculate formulas.\n"

describe("skc sync where this user may not write", () => {
  it.skipIf(!canDropPrivileges())("a read-only home is E041 naming it, and the fallback's rows are kept", async () => {
    const sb = sandbox()
    const src = join(sb.root, "src", "sheets")
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), SKILL)
    expect((await sb.runAsync(["build", src, "--global"])).code).toBe(0)
    const project = join(sb.root, "proj")
    mkdirSync(project)
    shareForUnprivileged(sb.root)
    chmodSync(project, 0o777)
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1", SKC_ROLE: "agent" }
    // As nobody the home is not writable: the search logs to the project's fallback (RFC-0007:C-LOGGING).
    const searched = runUnprivileged([process.execPath, BIN, "search", "sheets", "formulas"], { cwd: project, env })
    expect(searched.status, searched.stderr).toBe(0)
    const fallback = join(project, ".skillc", "logs", "sheets", ".skillc-meta", "logs.db")
    expect(existsSync(fallback)).toBe(true)
    const synced = runUnprivileged([process.execPath, BIN, "sync"], { cwd: project, env })
    expect(synced.status).toBe(1)
    expect(synced.stderr).toContain("error[E041]: sync destination not writable:")
    expect(synced.stderr).not.toContain("E999")
    // The home named as the user set it: here SKILLC_HOME.
    expect(synced.stderr).toContain(`run skc sync with a writable home (${sb.home}, from $SKILLC_HOME`)
    expect(existsSync(fallback)).toBe(true)
    // SKILLC_HOME unset: the home is $HOME's, and so named (a probe was sent to a SKILLC_HOME it had not set).
    const { SKILLC_HOME: _, ...noSkillcHome } = env
    const viaHome = runUnprivileged([process.execPath, BIN, "sync"], { cwd: project, env: noSkillcHome })
    expect(viaHome.stderr).toContain(`run skc sync with a writable home (${sb.home}, from $HOME`)
  })
})
