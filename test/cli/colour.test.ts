// ANSI colour only on a terminal, without NO_COLOR, and not where TERM=dumb says the terminal draws none (a probe
// of CI and hostile environments: `warning[W300]` came with `^[[1;33m` under TERM=dumb).
import { describe, expect, it } from "vitest"
import { makeMemoryEnv } from "../../src/adapters/memory/MemoryEnv.js"
import { colourAllowed } from "../../src/ports/Env.js"

const onTerminal = (vars: Record<string, string>) => ({ ...makeMemoryEnv({ cwd: "/p", home: "/h", vars }), stdoutIsTTY: true, stderrIsTTY: true })

describe("colourAllowed", () => {
  it("a terminal without NO_COLOR gets colour; NO_COLOR or TERM=dumb none; a pipe none", () => {
    expect(colourAllowed(onTerminal({ TERM: "xterm-256color" }), "stderr")).toBe(true)
    expect(colourAllowed(onTerminal({ TERM: "dumb" }), "stderr")).toBe(false)
    expect(colourAllowed(onTerminal({ NO_COLOR: "1" }), "stdout")).toBe(false)
    expect(colourAllowed(makeMemoryEnv({ cwd: "/p", home: "/h" }), "stdout")).toBe(false)
  })
})
