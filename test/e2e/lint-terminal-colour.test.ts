/**
 * `skc lint` on a real terminal (a pseudo-terminal from util-linux's `script`): colour only where the contract
 * of the executable allows it (DECISIONS, "Contract of the executable": ANSI colour on a terminal, never with
 * NO_COLOR), and never where TERM=dumb says the terminal draws none. Lint's stderr lines are coloured by the
 * Output port, which read NO_COLOR alone: a CI probe saw `^[[1;33mwarning` under TERM=dumb.
 */
import { spawnSync } from "node:child_process"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"

const sb = sandbox()
const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0

/** `skc lint` of a skill with a warning, on a pseudo-terminal, with TERM as given: what the terminal got. */
const onTerminal = (term: string, extra: Record<string, string> = {}) => {
  writeTree(join(sb.work, "out", "warned"), { "SKILL.md": "---\nname: warned\ndescription: Warned skill. Use when testing colour.\n---\n\nNo title here.\n" })
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} lint out/warned`
  const r = spawnSync("script", ["-qec", command, "/dev/null"], {
    cwd: sb.work,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, TERM: term, ...extra }
  })
  return r.stdout
}

describe.skipIf(!hasScript)("skc lint on a terminal (needs util-linux `script` for a pseudo-terminal)", () => {
  it("colours on a colour terminal, not under TERM=dumb nor NO_COLOR", () => {
    const coloured = onTerminal("xterm-256color")
    expect(coloured).toContain("SKL202 heading-h1")
    expect(coloured).toContain("\x1b[")
    const dumb = onTerminal("dumb")
    expect(dumb).toContain("SKL202 heading-h1")
    expect(dumb).not.toContain("\x1b[")
    expect(onTerminal("xterm-256color", { NO_COLOR: "1" })).not.toContain("\x1b[")
  })
})
