// `skc list --verbose` text (RFC-0007:C-LIST, `--verbose` adds the SOURCE column): a path reads
// relative below the cwd, `~/…` below the home, else absolute. A cwd that is a filesystem root
// (Claude Desktop starts `skc mcp` in `/`, and `skc_list` renders this table) holds every path:
// relative to it, `/home/u/.skillc/skills/x` read `home/u/.skillc/skills/x`, a path that exists
// nowhere the reader stands.
import { describe, expect, it } from "vitest"
import { friendlyPath, renderList } from "../../src/render/list.js"
import type { ListResult } from "../../src/app/skills/list.js"

const result = (source_path: string): ListResult =>
  ({
    skills: [{ name: "house-style", scope: "global", status: "normal", source_path, runtime_path: source_path.replace("skills", "runtime") }],
    total: 1,
    filtered: 1
  }) as unknown as ListResult

describe("skc list SOURCE column (RFC-0007:C-LIST)", () => {
  it("relative below the cwd, ~/ below the home, else absolute", () => {
    const ctx = { cwd: "/srv/webapp", home: "/home/u" }
    expect(friendlyPath("/srv/webapp/.skillc/skills/a", ctx)).toBe(".skillc/skills/a")
    expect(friendlyPath("/home/u/.skillc/skills/b", ctx)).toBe("~/.skillc/skills/b")
    expect(friendlyPath("/opt/skills/c", ctx)).toBe("/opt/skills/c")
  })

  it("from a filesystem root, a path stays absolute (or ~/…), never relative to the root", () => {
    expect(friendlyPath("/home/u/.skillc/skills/b", { cwd: "/", home: "/home/u" })).toBe("~/.skillc/skills/b")
    expect(friendlyPath("/opt/skills/c", { cwd: "/", home: "/home/u" })).toBe("/opt/skills/c")
    expect(friendlyPath("C:\\skills\\c", { cwd: "C:\\", home: "C:\\Users\\u" })).toBe("C:\\skills\\c")
    const table = renderList(result("/home/u/.skillc/skills/house-style"), { verbose: true, cwd: "/", home: "/home/u" })
    expect(table).toContain("~/.skillc/skills/house-style")
    expect(table).not.toMatch(/ home\/u\//)
  })
})

describe("skc list: a long list ends with its count (a 700-skill project printed 701 lines and no total)", () => {
  const many = (n: number): ListResult =>
    ({
      skills: Array.from({ length: n }, (_, i) => ({ name: `s${i}`, scope: "project", status: "normal", source_path: `/p/${i}`, runtime_path: `/r/${i}` })),
      total: n,
      filtered: n
    }) as unknown as ListResult
  it("over 20 rows: '(N skills)' last; 20 or fewer: no count", () => {
    const ctx = { verbose: false, cwd: "/p", home: "/h" }
    expect(renderList(many(21), ctx).split("\n").at(-1)).toBe("(21 skills)")
    expect(renderList(many(20), ctx)).not.toContain("skills)")
  })
})
