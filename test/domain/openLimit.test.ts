// The warnings of files too large to index or outline point to `skc open`, which returns a file whole only
// up to OPEN_MAX_BYTES: past it, "skc open still reads it" sent the reader to a refusal (a probe: 44 MiB).
import { describe, expect, it } from "vitest"
import { howOpenReads, OPEN_MAX_BYTES } from "../../src/domain/openLimit.js"

describe("howOpenReads (issue 29 item 1)", () => {
  it("whole up to the bound, its first lines past it", () => {
    expect(howOpenReads(OPEN_MAX_BYTES)).toBe("skc open still reads it")
    expect(howOpenReads(OPEN_MAX_BYTES + 1)).toBe("skc open reads its first lines (--max-lines)")
  })
})
