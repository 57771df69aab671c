// README "Environment": an empty HOME without SKILLC_HOME is an error, never the cwd. A HOME that is not set at all,
// for a user with no home in the password database (a CI container's bare uid), is said as such, not as "empty".
import { describe, expect, it } from "vitest"
import { cwdProblem, homeProblem } from "../../src/cli/home.js"

describe("homeProblem", () => {
  it("unset, empty, relative and set", () => {
    expect(homeProblem({}, () => "")?.message).toBe("no home directory: HOME is not set and the user has no home in the password database")
    expect(homeProblem({ HOME: "" }, () => "")?.message).toBe("no home directory: HOME is empty")
    expect(homeProblem({ HOME: "rel" }, () => "rel")?.message).toBe("no home directory: HOME is not an absolute path ('rel')")
    expect(homeProblem({}, () => "/home/u")).toBeUndefined()
    expect(homeProblem({ SKILLC_HOME: "/h" }, () => "")).toBeUndefined()
  })
})

describe("cwdProblem", () => {
  it("a removed current directory is said in words, not libuv's", () => {
    const gone = () => {
      throw Object.assign(new Error("ENOENT: process.cwd failed with error no such file or directory, uv_cwd"), { code: "ENOENT" })
    }
    expect(cwdProblem(gone)?.message).toBe("the current directory no longer exists (it was removed or moved)")
    expect(cwdProblem(() => "/work")).toBeUndefined()
  })
})
