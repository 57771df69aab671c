// RFC-0005 (E999 for I/O failures): `skc approve` on a full home says so with E999, and the approvals stored
// are kept (the store is written whole through a rename, so a failed write leaves the previous one).
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { approve } from "../../src/app/tools/approve.js"
import { memoryWorld } from "../../src/testing.js"
import { errorText } from "../helpers/worlds.js"

const TOOL_SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: Tools for ${name}.\n---\n\n### ${name}_status\n\nShows the status.\n\n#### Parameters\n\nNone.\n\n#### Command\n\n\`\`\`bash\ngit status --short\n\`\`\`\n`

describe("RFC-0005: approve on a full home", () => {
  it("E999 naming the store and the disk, the earlier approvals kept", async () => {
    const w = memoryWorld({ files: { "/home/u/.skillc/skills/one/SKILL.md": TOOL_SKILL("one"), "/home/u/.skillc/skills/two/SKILL.md": TOOL_SKILL("two") } })
    Result.getOrThrow(await w.run(approve({ skill: "one" })))
    const stored = Effect.runSync(w.fs.readFileString("/home/u/.skillc/approvals.json"))
    w.fs.setFull("/home/u/.skillc", true)
    const failed = await w.run(approve({ skill: "two" }))
    expect(Result.isFailure(failed) && errorText(failed.failure)).toBe(
      "error[E999]: cannot write approval store '/home/u/.skillc/approvals.json': no space left on device (ENOSPC); the approvals stored are kept"
    )
    expect(Effect.runSync(w.fs.readFileString("/home/u/.skillc/approvals.json"))).toBe(stored)
  })
})
