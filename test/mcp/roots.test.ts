// DECISIONS #47: a server started outside the project serves the first file:// root of its client that is
// a project. DECISIONS #53 makes the shared `.agents/skills` a project skills directory: a root holding only
// it (a Codex user's project) is a project too, as is one holding another agent's project skills directory.
// Real temp directories: the check stats them.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { projectOfRoots, validRoots } from "../../src/mcp/roots.js"

const base = realpathSync(mkdtempSync(join(tmpdir(), "skc-roots-")))
afterAll(() => rmSync(base, { recursive: true, force: true }))
const dirWith = (name: string, ...inside: ReadonlyArray<string>) => {
  const dir = join(base, name)
  mkdirSync(dir, { recursive: true })
  for (const d of inside) mkdirSync(join(dir, d), { recursive: true })
  return dir
}
const rootsOf = (...dirs: ReadonlyArray<string>) => dirs.map((d) => ({ uri: pathToFileURL(d).href }))

describe("DECISIONS #47 / #53 the project an MCP client's roots name", () => {
  it("a root holding only .agents/skills is a project (DECISIONS #53)", () => {
    const plain = dirWith("plain", "src")
    const codex = dirWith("codex", ".agents/skills")
    expect(projectOfRoots(rootsOf(plain, codex))).toBe(codex)
  })

  it("a root holding another agent's project skills directory (.cursor/skills, .github/skills) is a project", () => {
    expect(projectOfRoots(rootsOf(dirWith("cursor", ".cursor/skills")))).toBe(join(base, "cursor"))
    expect(projectOfRoots(rootsOf(dirWith("copilot", ".github/skills")))).toBe(join(base, "copilot"))
  })

  it("the first project root wins; .skillc/ and .claude/ still count; a .github/ without skills does not", () => {
    const workflows = dirWith("ci-only", ".github/workflows")
    const skillc = dirWith("skillc", ".skillc")
    const claude = dirWith("claude", ".claude")
    expect(projectOfRoots(rootsOf(workflows, skillc, claude))).toBe(skillc)
    expect(projectOfRoots(rootsOf(workflows, claude))).toBe(claude)
    expect(projectOfRoots(rootsOf(workflows))).toBeUndefined()
  })

  it("a root that is no file:// URI is skipped with a line saying why", () => {
    const { roots, skipped } = validRoots({ roots: [{ uri: "https://example.com/x" }, { uri: pathToFileURL(base).href }] })
    expect(roots).toHaveLength(1)
    expect(skipped[0]).toContain("not a file:// URI")
  })
})
