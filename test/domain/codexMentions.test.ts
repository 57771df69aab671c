// Codex's `$name` mentions as injection.rs extract_tool_mentions reads them.
import { describe, expect, it } from "vitest"
import { dollarMentions, explicitlyMentioned } from "../../src/domain/agents/codexMentions.js"

describe("Codex's explicit mentions (codex-rs/core-skills/src/injection.rs)", () => {
  it("names are runs of [A-Za-z0-9_:-] after $; common environment variables and a bare $ are none", () => {
    const m = dollarMentions("use $plug:a-b_c, then $home and $Path, $ 5 $x.y")
    expect([...m.names]).toEqual(["plug:a-b_c", "x"])
  })
  it("a linked mention selects by path, not by name", () => {
    const m = dollarMentions("see [$alpha](skill:///p/alpha/SKILL.md) and [$beta] (/p/beta/SKILL.md)")
    expect([...m.names]).toEqual([])
    expect([...m.paths]).toEqual(["/p/alpha/SKILL.md", "/p/beta/SKILL.md"])
    const skills = [{ name: "alpha", path: "/p/alpha/SKILL.md" }, { name: "gamma", path: "/p/gamma/SKILL.md" }]
    expect(explicitlyMentioned("[$alpha](/p/alpha/SKILL.md) $gamma $Gamma", skills).map((s) => s.name)).toEqual(["alpha", "gamma"])
  })
})
