// Issue 18 (RFC-0007:C-SYNC, DECISIONS #30): stable team row ids.
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { homeAsTilde, identityHash, teamRowConverter, toTeamRows } from "../../src/domain/teamRows.js"
import type { AccessLogRow } from "../../src/ports/AccessLog.js"

const sha = (s: string) => createHash("sha256").update(s).digest("hex")
const row = (i: number): AccessLogRow => ({
  timestamp: `2026-01-01T00:00:${String(i % 60).padStart(2, "0")}Z`,
  run_id: "r",
  command: "show",
  skill: "s",
  skill_path: "/s",
  cwd: "/p",
  args: JSON.stringify({ section: `S${i % 7}` }),
  error: null
})
const who = { machine: "m1", user: "u1" }

describe("team row ids (issue 18)", () => {
  it("the same log gives the same ids; identical rows get distinct ids (the multiset rule of DECISIONS #30)", () => {
    const rows = [row(1), row(2), row(1), row(1)]
    const a = toTeamRows(sha, who, rows).map((r) => r.row_id)
    expect(toTeamRows(sha, who, rows).map((r) => r.row_id)).toEqual(a)
    expect(new Set(a).size).toBe(4)
  })

  it("converting slice by slice gives the ids of one conversion (a resumed push sends the same ids)", () => {
    const rows = Array.from({ length: 500 }, (_, i) => row(i % 90))
    const whole = toTeamRows(sha, who, rows).map((r) => r.row_id)
    const convert = teamRowConverter(sha, who)
    const sliced = [0, 130, 260, 390].flatMap((i) => convert(rows.slice(i, i + 130)).map((r) => r.row_id))
    expect(sliced).toEqual(whole)
  })

  it("the same row from another machine or user is another row; names never appear", () => {
    const [a] = toTeamRows(sha, who, [row(1)])
    const [b] = toTeamRows(sha, { ...who, machine: "m2" }, [row(1)])
    const [c] = toTeamRows(sha, { ...who, user: "u2" }, [row(1)])
    expect(new Set([a!.row_id, b!.row_id, c!.row_id]).size).toBe(3)
    const h = identityHash(sha, "machine", "build-07.example.com")
    expect(h).toMatch(/^[0-9a-f]{16}$/)
    expect(h).not.toBe(identityHash(sha, "user", "build-07.example.com"))
  })

  it("issue 49 item 3: a live push's converter forgets rows an hour older than the newest, and numbers identical rows as a full push does", () => {
    const at = (minute: number, section: string): AccessLogRow => ({
      ...row(0),
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
      args: JSON.stringify({ section })
    })
    // Six hours of a server's rows, every minute two identical reads and one other.
    const rows = Array.from({ length: 360 }, (_, m) => [at(m, "A"), at(m, "A"), at(m, "B")]).flat()
    const whole = toTeamRows(sha, who, rows).map((r) => r.row_id)
    const live = teamRowConverter(sha, who, { forgetAfterMs: 60 * 60_000 })
    const full = teamRowConverter(sha, who)
    const ids: Array<string> = []
    for (let i = 0; i < rows.length; i += 50) {
      ids.push(...live(rows.slice(i, i + 50)).map((r) => r.row_id))
      full(rows.slice(i, i + 50))
    }
    expect(ids).toEqual(whole)
    expect(full.held()).toBe(720)
    // An hour of minutes (and the page that crossed it), two distinct rows each: not six hours of them.
    expect(live.held()).toBeLessThanOrEqual(2 * 61 + 50)
  })
})

describe("paths in the team store: the home written ~ (a team-store probe read every engineer's login from cwd)", () => {
  it("homeAsTilde: the pushing user's homes, longest first, then another account's home on a Linux or macOS layout", () => {
    const homes = ["/home/alice/.skc-home", "/home/alice"]
    expect(homeAsTilde("/home/alice/projects/webapp", homes)).toBe("~/projects/webapp")
    expect(homeAsTilde("/home/alice", homes)).toBe("~")
    expect(homeAsTilde("/home/alice/.skc-home/.skillc", homes)).toBe("~/.skillc")
    // Never the front of a longer name; another account's home loses its name too.
    expect(homeAsTilde("/home/alicebob/x", homes)).toBe("~/x")
    expect(homeAsTilde("/Users/bob/src/app", homes)).toBe("~/src/app")
    expect(homeAsTilde("/srv/skills/webapp", homes)).toBe("/srv/skills/webapp")
    expect(homeAsTilde("/homework/x", homes)).toBe("/homework/x")
  })

  it("the converter writes cwd and skill_path so; the ids stay those of the rows as logged", () => {
    const logged = { ...row(1), cwd: "/home/alice/projects/webapp", skill_path: "/home/alice/projects/webapp/.skillc/skills/s" }
    const plain = toTeamRows(sha, who, [logged])[0]!
    const pushed = teamRowConverter(sha, who, { homes: ["/home/alice"] })([logged])[0]!
    expect(pushed).toMatchObject({ cwd: "~/projects/webapp", skill_path: "~/projects/webapp/.skillc/skills/s", row_id: plain.row_id })
    expect(JSON.stringify(pushed)).not.toContain("alice")
  })
})
