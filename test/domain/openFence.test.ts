// A page of `show` or `open` that ends inside a fenced code block says where the block opened
// (src/domain/markdown/openFence.ts; an agent's probe over the Skills extension: the "... (N more lines)"
// marker read as code). The markdown scanner decides, so fences inside list items and block quotes count.
import { describe, expect, it } from "vitest"
import { openFenceAt } from "../../src/domain/markdown/openFence.js"

describe("openFenceAt", () => {
  it("the line that opened a block still open, else undefined", () => {
    expect(openFenceAt(["# T", "```tsx", "const a = 1"])).toBe(1)
    expect(openFenceAt(["# T", "```tsx", "const a = 1", "```", "text"])).toBeUndefined()
    expect(openFenceAt(["# T", "```tsx", "const a = 1", "```"])).toBeUndefined()
    expect(openFenceAt(["~~~~", "```", "still code"])).toBe(0)
    // A closing fence is at least as long, of the same character, with nothing after it.
    expect(openFenceAt(["````md", "```", "x"])).toBe(0)
    expect(openFenceAt(["````md", "```"])).toBe(0)
    expect(openFenceAt(["```js", "``` not a close"])).toBe(0)
    // Four spaces is code, not a fence; a backtick fence's info string holds no backtick.
    expect(openFenceAt(["    ```", "x"])).toBeUndefined()
    expect(openFenceAt(["``` a`b", "x"])).toBeUndefined()
    expect(openFenceAt([])).toBeUndefined()
    // Blank lines at the end of a page are still inside the block.
    expect(openFenceAt(["# T", "```", "x", ""])).toBe(1)
  })

  it("a fence inside a list item or a block quote (the line scan before missed those indented four or more)", () => {
    // "1. Run:" then a fence indented under the item by four spaces, the way many skills write their steps.
    expect(openFenceAt(["## Steps", "1. Run the script:", "", "    ```bash", "    python scripts/fill.py \\"])).toBe(3)
    expect(openFenceAt(["## Steps", "- Nested:", "  - deeper:", "", "      ```python", "      x = 1"])).toBe(4)
    expect(openFenceAt(["> ```sh", "> make"])).toBe(0)
    // Closed inside its item.
    expect(openFenceAt(["1. Run:", "", "    ```bash", "    make", "    ```", "2. Then"])).toBeUndefined()
  })

  it("a fence ends with its container, and opens nothing inside indented code or HTML", () => {
    // A new list item closes the item and the fence it held.
    expect(openFenceAt(["- a", "  ```", "  x", "- b"])).toBeUndefined()
    // A fence under a list item "closed" at the first column: the item ends there, and with it the fence; the
    // line at the first column opens a new block that runs on (the line match paired the two).
    expect(openFenceAt(["- step", "  ```", "  code", "```", "after"])).toBe(3)
    // Text leaving the block quote closes the fence in it.
    expect(openFenceAt(["> ```", "> x", "", "after"])).toBeUndefined()
    // Indented code holding a fence line: still indented code.
    expect(openFenceAt(["text", "", "    ```", "    x"])).toBeUndefined()
    // An HTML block's lines are not Markdown.
    expect(openFenceAt(["<details>", "```", "x"])).toBeUndefined()
  })

  it("counts lines of a file from its first, frontmatter included", () => {
    expect(openFenceAt(["---", "name: x", "description: y", "---", "# T", "```", "code"])).toBe(5)
  })
})
