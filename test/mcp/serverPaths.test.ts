// A team server's client is told no path of the server (README "skc show"; docs/team.md): what skc says is
// written with the project's paths relative and the server account's home as `~` (src/mcp/remoteCalls.ts).
import { describe, expect, it } from "vitest"
import { withoutServerPaths } from "../../src/mcp/remoteCalls.js"

describe("withoutServerPaths", () => {
  const f = (t: string) => withoutServerPaths(t, "/srv/webapp", "/home/skc")
  it("writes the project's files relative, the directory itself as '.', the home as '~'", () => {
    expect(f("warning: skipping '/srv/webapp/.skillc/skills/docx': invalid frontmatter")).toBe("warning: skipping '.skillc/skills/docx': invalid frontmatter")
    expect(f("whose source (/srv/webapp/.skillc/skills/web-new) is not here")).toBe("whose source (.skillc/skills/web-new) is not here")
    expect(f("no project found at /srv/webapp")).toBe("no project found at .")
    expect(f("the global store /home/skc/.skillc/skills/x")).toBe("the global store ~/.skillc/skills/x")
  })
  it("never the front of a longer name, and text without them unchanged (a skill's ./scripts/x stays)", () => {
    expect(f("/srv/webapp2/x and /srv/webapp-old")).toBe("/srv/webapp2/x and /srv/webapp-old")
    expect(f("run ./scripts/fill.py")).toBe("run ./scripts/fill.py")
    expect(withoutServerPaths("/srv/webapp/x", undefined, undefined)).toBe("/srv/webapp/x")
  })
})
