// Issue 50 (the editor's hover on `description`): what one skill's entry costs each agent, as `skc budget`
// counts it. Claude Code 2.1.332 lists a skill with `paths:` only once a matching file is touched
// (test/fixtures/claude-listing): the hover gives the cost it then has, and says when.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { listingCost } from "../../src/app/eval/index.js"
import { profileOf } from "../../src/domain/agents/index.js"
import { descriptionHover } from "../../src/lsp/hover.js"
import { memoryWorld } from "../../src/testing.js"

describe("listingCost and the description hover", () => {
  it("a conditional skill costs Claude Code its entry once a matching file is touched; a manual-only one nothing", async () => {
    const w = memoryWorld({ files: {} })
    const claude = profileOf("claude")
    const conditional = Result.getOrThrow(await w.run(listingCost("ts-style", { description: "House style.", paths: "src/**/*.ts" }, [claude])))
    expect(conditional[0]).toMatchObject({ listed: true, conditional: true, entry_chars: "- ts-style: House style.".length + 1 })
    expect(descriptionHover(conditional)).toContain("once a file matching `paths:` is touched")
    const plain = Result.getOrThrow(await w.run(listingCost("ts-style", { description: "House style." }, [claude])))
    expect(plain[0]).toMatchObject({ listed: true, conditional: false })
    expect(descriptionHover(plain)).not.toContain("paths:")
    const manual = Result.getOrThrow(await w.run(listingCost("ts-style", { description: "House style.", "disable-model-invocation": true }, [claude])))
    expect(manual[0]).toMatchObject({ listed: false })
    expect(descriptionHover(manual)).toContain("not listed (manual only)")
  })
})
