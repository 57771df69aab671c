// DECISIONS #47: `skc mcp --project DIR`, else SKILLC_PROJECT. An MCP client's configuration passes args and
// env without a shell, so `~/code/app` arrives as typed: it means the home directory's `code/app`, unless a
// directory literally named `~` is there. Real temp directories (the choice stats them).
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { chooseMcpProject } from "../../src/cli/mcpProject.js"

const base = realpathSync(mkdtempSync(join(tmpdir(), "skc-mcp-project-")))
afterAll(() => rmSync(base, { recursive: true, force: true }))
const home = join(base, "home")
mkdirSync(join(home, "code", "app"), { recursive: true })

describe("DECISIONS #47 the project named by --project or SKILLC_PROJECT", () => {
  it("~/… in --project and in SKILLC_PROJECT is below HOME", () => {
    expect(chooseMcpProject("~/code/app", { HOME: home })).toEqual({ project: join(home, "code", "app") })
    expect(chooseMcpProject(undefined, { HOME: home, SKILLC_PROJECT: "~/code/app" })).toEqual({ project: join(home, "code", "app") })
    expect(chooseMcpProject("~", { HOME: home })).toEqual({ project: home })
  })

  it("a ~/… that names no directory below HOME is still E100 'not a directory', with the path it stood for", () => {
    expect(chooseMcpProject("~/nowhere", { HOME: home })).toEqual({ problem: `--project: not a directory: '~/nowhere' (${join(home, "nowhere")})` })
  })

  it("~user and a ~ inside a path are not expanded", () => {
    expect(chooseMcpProject("~root/x", { HOME: home })).toEqual({ problem: "--project: not a directory: '~root/x'" })
    expect(chooseMcpProject(join(base, "a~/b"), { HOME: home })).toHaveProperty("problem")
  })
})
