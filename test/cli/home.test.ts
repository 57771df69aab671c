// SKILLC_HOME given as a relative path is read from each working directory: the global store moved with the
// directory skc ran in, and a read command wrote its code cache into the working tree (a configuration
// probe: `./relhome/.cache/…`, which `git add -A` then took). Said, with the path it stands for here.
import { describe, expect, it } from "vitest"
import { homeWarning } from "../../src/cli/home.js"

describe("SKILLC_HOME as a relative path", () => {
  it("is said with where it points from here; an absolute one is not", () => {
    expect(homeWarning({ SKILLC_HOME: "relhome" }, () => "/projects/webapp/sub")).toBe(
      "warning: SKILLC_HOME=relhome is a relative path, read from the working directory (here /projects/webapp/sub/relhome); set it to an absolute path"
    )
    expect(homeWarning({ SKILLC_HOME: "/home/u/skc" })).toBeUndefined()
    expect(homeWarning({})).toBeUndefined()
  })
})
