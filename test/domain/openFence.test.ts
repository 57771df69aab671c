// A page of `show` that ends inside a fenced code block says where the block opened (src/domain/markdown/openFence.ts;
// an agent's probe over the Skills extension: the "... (N more lines)" marker read as code).
import { describe, expect, it } from "vitest"
import { openFenceAt } from "../../src/domain/markdown/openFence.js"

describe("openFenceAt", () => {
  it("the line that opened a block still open, else undefined", () => {
    expect(openFenceAt(["# T", "```tsx", "const a = 1"])).toBe(1)
    expect(openFenceAt(["# T", "```tsx", "const a = 1", "```", "text"])).toBeUndefined()
    expect(openFenceAt(["~~~~", "```", "still code"])).toBe(0)
    // A closing fence is at least as long, of the same character, with nothing after it.
    expect(openFenceAt(["````md", "```", "x"])).toBe(0)
    expect(openFenceAt(["```js", "``` not a close"])).toBe(0)
    // Four spaces is code, not a fence; a backtick fence's info string holds no backtick.
    expect(openFenceAt(["    ```", "x"])).toBeUndefined()
    expect(openFenceAt(["``` a`b", "x"])).toBeUndefined()
    expect(openFenceAt([])).toBeUndefined()
  })
})
