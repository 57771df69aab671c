// Issue 18 (RFC-0007:C-SYNC, RFC-0009): the pure parts of the team store —
// the COPY text of a push batch, `[team] database` in a config file, and
// which database `--to`/`--from`/`--team` pick.
import { describe, expect, it } from "vitest"
import { argsIsJson, copyText, copyValue, escapeTeamText, jsonArgs, unescapeTeamText } from "../../src/adapters/pg/teamSql.js"
import { chooseTeamDatabase } from "../../src/app/usage/teamDatabase.js"
import { withoutCredentials, withoutPassword } from "../../src/domain/urlPassword.js"
import { parseConfigFile, resolveConfig, urlHasPassword } from "../../src/domain/config.js"

/** COPY's text format read back: the inverse of copyValue, for the round trip. */
const unescape = (v: string): string | null =>
  v === "\\N" ? null : v.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c === "r" ? "\r" : c === "t" ? "\t" : c))

const row = {
  row_id: "id1",
  machine: "m",
  user: "u",
  timestamp: "2026-01-01T00:00:00Z",
  run_id: "r",
  command: "show",
  skill: "s",
  skill_path: "/s",
  cwd: "/p",
  args: '{"section":"A"}',
  error: null
}

describe("COPY text of a push batch (issue 18)", () => {
  it("escapes backslash, newline, carriage return and tab; null is \\N; plain text is unchanged", () => {
    expect(copyValue("plain /path ü 漢字")).toBe("plain /path ü 漢字")
    expect(copyValue(null)).toBe("\\N")
    expect(copyValue("a\tb\nc\rd\\e")).toBe("a\\tb\\nc\\rd\\\\e")
    expect(copyValue("\\N")).toBe("\\\\N")
    for (const v of ["a\tb\nc\rd\\e", "\\N", "\\\\n", "\n\n", "", "x\\"]) expect(unescape(copyValue(v))).toBe(v)
  })

  it("one line per row, fourteen tab-separated columns in the staging table's order, args_is_json t/f", () => {
    const text = copyText([row, { ...row, row_id: "id2", args: "{not json", error: "error[E999]: a\tb" }])
    const lines = text.split("\n")
    expect(lines.at(-1)).toBe("")
    expect(lines.slice(0, -1).map((l) => l.split("\t").length)).toEqual([14, 14])
    expect(lines[0]).toBe('id1\tm\tu\t2026-01-01T00:00:00Z\tr\tshow\ts\t/s\t/p\t{"section":"A"}\tt\t\\N\tf\t\\N')
    expect(lines[1]!.split("\t").slice(9)).toEqual(["{not json", "f", "\\N", "f", "error[E999]: a\\tb"])
    // A row whose values hold every special character still makes exactly one line of fourteen fields.
    const nasty = copyText([{ ...row, cwd: "/a\nb", args: JSON.stringify({ q: "x\ty\\z\r" }), error: "e\n" }])
    expect(nasty.split("\n").length).toBe(2)
    const fields = nasty.slice(0, -1).split("\t").map(unescape)
    expect(fields[8]).toBe("/a\nb")
    expect(fields[9]).toBe(JSON.stringify({ q: "x\ty\\z\r" }))
    expect(fields[13]).toBe("e\n")
  })

  it("issue 45 item 5: a row holding NUL or a lone surrogate is marked escaped, each text column reversibly; args_json gets U+FFFD", () => {
    const query = JSON.stringify({ query: "a\u0000b \ud800" })
    const text = copyText([{ ...row, args: query, error: "error[E020]: section not found: 'x\u0000'" }])
    const fields = text.slice(0, -1).split("\t").map(unescape)
    expect(fields.length).toBe(14)
    expect(fields[12]).toBe("t")
    expect(unescapeTeamText(fields[13]!)).toBe("error[E020]: section not found: 'x\u0000'")
    expect(unescapeTeamText(fields[9]!)).toBe(query)
    expect(JSON.parse(fields[11]!)).toEqual({ query: "a\ufffdb \ufffd" })
    for (const v of ["\u0000", "\ud800", "\udc00x", "a\\u0000", '"q"\n']) expect(unescapeTeamText(escapeTeamText(v))).toBe(v)
    // A surrogate pair is fine as is.
    expect(jsonArgs(JSON.stringify({ q: "😀" }))).toEqual({ isJson: true, clean: null })
    expect(jsonArgs('{"q":"\\ud83d\\ude00"}')).toEqual({ isJson: true, clean: null })
  })

  it("a row escaped for its error alone still gives args_json the args as logged (the escaped args column is no JSON)", () => {
    const text = copyText([{ ...row, error: "err\u0000or" }])
    const fields = text.slice(0, -1).split("\t").map(unescape)
    expect(fields[12]).toBe("t")
    expect(fields[9]).toBe(escapeTeamText('{"section":"A"}'))
    expect(fields[10]).toBe("t")
    expect(JSON.parse(fields[11]!)).toEqual({ section: "A" })
  })

  it("args go to args_json when they are JSON that jsonb takes (as SQLite's json_valid guard)", () => {
    expect(argsIsJson('{"a":1}')).toBe(true)
    expect(argsIsJson("[]")).toBe(true)
    expect(argsIsJson("{not json")).toBe(false)
    expect(argsIsJson("")).toBe(false)
    // jsonb refuses \u0000: such args go to args_json with U+FFFD in its place (issue 45 item 5), the text kept exact.
    expect(argsIsJson('{"a":"\\u0000"}')).toBe(true)
    expect(jsonArgs('{"a":"\\u0000"}').clean).toBe('{"a":"\ufffd"}')
  })
})

describe("[team] database in a config file (issue 18, RFC-0009:C-FILES)", () => {
  it("reads a postgres URL; the project file's wins over the global file's", () => {
    const project = parseConfigFile('[team]\ndatabase = "postgres://skc@db.internal/team"\n', ".skillc/config.toml")
    const global = parseConfigFile('[team]\ndatabase = "postgresql://other@db:5433/x"\n', "~/.skillc/config.toml")
    expect(project.problems).toEqual([])
    expect(project.layer.teamDatabase).toBe("postgres://skc@db.internal/team")
    expect(resolveConfig({ project: project.layer, global: global.layer }).teamDatabase).toEqual({
      url: "postgres://skc@db.internal/team",
      source: "project"
    })
    expect(resolveConfig({ global: global.layer }).teamDatabase).toEqual({ url: "postgresql://other@db:5433/x", source: "global" })
    expect(resolveConfig({}).teamDatabase).toBeUndefined()
  })

  it("warns about a value that is not a postgres URL, an unknown key, a non-table — without repeating the value", () => {
    const bad = parseConfigFile('[team]\ndatabase = "mysql://me:pw@h/db"\nhost = "x"\n', "c.toml")
    expect(bad.layer.teamDatabase).toBeUndefined()
    expect(bad.problems.map((p) => p.message)).toEqual([
      "team.database in c.toml must be a postgres:// URL; ignored",
      "unknown key 'team.host' in c.toml ignored"
    ])
    expect(JSON.stringify(bad.problems)).not.toContain("pw")
    expect(parseConfigFile('team = "postgres://h/db"\n', "c.toml").problems.map((p) => p.message)).toEqual(["[team] in c.toml must be a table; ignored"])
  })

  it("a password in the URL is a warning that never shows it (PGPASSWORD or ~/.pgpass instead)", () => {
    const withPassword = parseConfigFile('[team]\ndatabase = "postgres://skc:s3cret@db/team"\n', ".skillc/config.toml")
    expect(withPassword.layer.teamDatabase).toBe("postgres://skc:s3cret@db/team")
    expect(withPassword.problems).toHaveLength(1)
    expect(withPassword.problems[0]!.message).toContain("PGPASSWORD")
    expect(withPassword.problems[0]!.message).not.toContain("s3cret")
    expect(urlHasPassword("postgres://skc@db/team")).toBe(false)
    expect(urlHasPassword("postgres://db/team?password=x")).toBe(true)
  })
})

describe("which team database a command uses (issue 18)", () => {
  const configured = "postgres://cfg@db/team"
  it("the URL given, else with --team the config's; neither: none", () => {
    expect(chooseTeamDatabase({ given: "postgres://a/b", team: false, configured, flag: "--to" })).toEqual({ url: "postgres://a/b" })
    expect(chooseTeamDatabase({ given: undefined, team: true, configured, flag: "--from" })).toEqual({ url: configured })
    expect(chooseTeamDatabase({ given: undefined, team: false, configured, flag: "--from" })).toEqual({ url: undefined })
  })
  it("issue 29 item 5: a URL that is not postgres:// is a problem naming the option, before any network use", () => {
    for (const given of ["not a url", "mysql://a/b", "http://db/team", "postgres://"]) {
      const r = chooseTeamDatabase({ given, team: false, configured, flag: "--to" })
      expect("problem" in r && r.problem, given).toBe(`--to: expected a postgres:// or postgresql:// URL, got '${given}'`)
    }
    // A mistyped scheme quotes the URL back without its password.
    const slip = chooseTeamDatabase({ given: "postgress://skc:sekret-pw-123@127.0.0.1:55432/team", team: false, configured, flag: "--to" })
    expect("problem" in slip && slip.problem).toBe("--to: expected a postgres:// or postgresql:// URL, got 'postgress://skc:***@127.0.0.1:55432/team'")
    expect(withoutPassword("http://u:p%40ss@h/x")).toBe("http://u:***@h/x")
    expect(withoutPassword("mysql://u@h/x")).toBe("mysql://u@h/x")
    // A team database's URL in a message: neither user nor password, the query kept (it may be the problem).
    expect(withoutCredentials("postgres://skc:s3cret@db:5432/team?sslmode=requre")).toBe("postgres://db:5432/team?sslmode=requre")
    expect(withoutCredentials("postgres://skc@db/team?password=x&sslmode=require")).toBe("postgres://db/team?password=***&sslmode=require")
    // Wherever `user:password@` stands, URL or not (a probe: a leading space, or one slash, quoted the password whole).
    expect(withoutPassword("not a url:pw@x")).toBe("not a url:***@x")
    for (const typed of ["postgres:/skc:hunter2@127.0.0.1:55439/team", " postgres://skc:hunter2@127.0.0.1:55439/team", "POSTGRES://skc:hunter2@h/t"]) {
      const r = chooseTeamDatabase({ given: typed, team: false, configured, flag: "--to" })
      expect("problem" in r && r.problem, typed).not.toContain("hunter2")
      expect("problem" in r && r.problem, typed).toContain("skc:***@")
    }
    expect(chooseTeamDatabase({ given: "postgresql://u@h:5433/d?sslmode=require", team: false, configured, flag: "--from" })).toEqual({
      url: "postgresql://u@h:5433/d?sslmode=require"
    })
  })
  it("--team with a URL, or --team without [team] database, is a problem naming the option", () => {
    const both = chooseTeamDatabase({ given: "postgres://a/b", team: true, configured, flag: "--to" })
    expect("problem" in both && both.problem).toContain("--to")
    const none = chooseTeamDatabase({ given: undefined, team: true, configured: undefined, flag: "--from" })
    expect("problem" in none && none.problem).toMatch(/\[team\] database.*--from <postgres-url>/)
  })
})
