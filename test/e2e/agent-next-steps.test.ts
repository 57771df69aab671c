/**
 * An agent reads a skill through skc and does what the answers tell it: a
 * command an error prints is run as printed (through a POSIX shell, `skc`
 * standing for the CLI), and `open` hands over a file's text as it is on
 * disk. A skill named by its path (a download, nothing in a store) is named
 * the same way in the commands printed, quoted as the shell reads it.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync, type Sandbox } from "../helpers/cli.js"
import { connectMcp } from "../helpers/mcpClient.js"

/** The command a hint line holds after `marker`, run from the sandbox's work directory as a shell runs it. */
const runPrinted = (sb: Sandbox, text: string, marker: string) => {
  const line = text.split("\n").find((l) => l.includes(marker))
  expect(line, text).toBeDefined()
  const command = line!.slice(line!.indexOf(marker) + marker.length).trim()
  expect(command.startsWith("skc "), command).toBe(true)
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1", LANG: "C.UTF-8" }
  return spawnAsync("sh", ["-c", `skc() { "${process.execPath}" "${BIN}" "$@"; }; ${command}`], { cwd: sb.work, env })
}

/** `args` refused (exit 1) with `firstLine` first; then the command its hint prints after `marker`, run, and succeeding. */
const followHint = async (sb: Sandbox, args: ReadonlyArray<string>, firstLine: string, marker: string) => {
  const refused = await sb.runAsync([...args])
  expect(refused.code).toBe(1)
  expect(refused.stderr.split("\n")[0]).toBe(firstLine)
  const r = await runPrinted(sb, refused.stderr, marker)
  expect(r.code, r.stderr).toBe(0)
  return r
}

/** A skill outside every store, at a path with a space: `my downloads/pdf-notes`. */
const downloaded = (sb: Sandbox) => {
  const dir = join(sb.work, "my downloads", "pdf-notes")
  mkdirSync(join(dir, "it's dir"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), "---\nname: pdf-notes\ndescription: Notes on PDF forms. Use when filling a PDF form.\n---\n# PDF notes\n\nSee it's dir/no title.md.\n")
  writeFileSync(join(dir, "it's dir", "no title.md"), "Text without any heading.\n")
  return { dir, ref: "my downloads/pdf-notes" }
}

describe("the next step an answer prints works as printed", () => {
  it("show of a file's path as a section (a title-less file the stub lists by path): the open it prints reads that file", async () => {
    const sb = sandbox()
    const { dir, ref } = downloaded(sb)
    const r = await followHint(sb, ["show", ref, "--section", "it's dir/no title.md"], "error[E020]: section not found: 'it's dir/no title.md'", "read it with: ")
    expect(r.stdout).toBe(readFileSync(join(dir, "it's dir", "no title.md"), "utf8"))
  })

  it("show of a heading no heading is close to: the search it prints answers (RFC-0002:C-SHOW, E020)", async () => {
    const sb = sandbox()
    const { ref } = downloaded(sb)
    const r = await followHint(sb, ["show", ref, "--section", "filling a form"], "error[E020]: section not found: 'filling a form'", "search the skill's text with: ")
    expect(r.stdout).toContain("PDF notes")
  })

  it("show of a heading pasted as Markdown (`code`), or as a file#section argument: the show each prints reads it", async () => {
    const sb = sandbox()
    const { dir, ref } = downloaded(sb)
    writeFileSync(join(dir, "api.md"), "# API\n\n## Use `fill()` here\n\nCall it.\n")
    // With its '#' marks it is E020 naming the heading meant; its inline code alone differing, it is found (sixty-third pass).
    const meant = await followHint(sb, ["show", ref, "--section", "## Use `fill()` here"], "error[E020]: section not found: '## Use `fill()` here'", "the heading meant: ")
    expect(meant.stdout).toBe("## Use `fill()` here\n\nCall it.\n")
    const pasted = await sb.runAsync(["show", ref, "--section", "Use `fill()` here"])
    expect(pasted.code, pasted.stderr).toBe(0)
    expect(pasted.stdout).toBe(meant.stdout)
    const label = await followHint(sb, ["show", ref, "api.md#Use fill() here"], "error[E100]: invalid option: Received unknown argument: 'api.md#Use fill() here'", "the heading goes after --section: ")
    expect(label.stdout).toBe(meant.stdout)
  })

  it("open of a directory: the sources command it prints lists that directory", async () => {
    const sb = sandbox()
    const { ref } = downloaded(sb)
    const r = await followHint(sb, ["open", ref, "it's dir"], "error: 'it's dir' is a directory, not a file", "list it with: ")
    expect(r.stdout).toContain("no title.md")
  })

  it("open of a search result's label whose file name holds a '#' (`notes#1.md#Setup`): the show it prints reads that section", async () => {
    const sb = sandbox()
    const { dir, ref } = downloaded(sb)
    writeFileSync(join(dir, "notes#1.md"), "# Notes\n\n## Setup\n\nRun the form filler.\n")
    const r = await followHint(sb, ["open", ref, "notes#1.md#Setup"], "error[E021]: file not found: 'notes#1.md#Setup'", "names a section: ")
    expect(r.stdout).toBe("## Setup\n\nRun the form filler.\n")
  })
})

describe("open hands over a file's text as on disk", () => {
  it("a UTF-8 file that starts with a byte order mark keeps it in --format json and in skc_open's content", async () => {
    const sb = sandbox()
    const { dir, ref } = downloaded(sb)
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("# Windows notes\r\n\r\nSaved by Notepad.\r\n")])
    writeFileSync(join(dir, "windows.md"), bytes)
    const json = await sb.runAsync(["open", ref, "windows.md", "--format", "json"])
    expect(json.code, json.stderr).toBe(0)
    const doc = JSON.parse(json.stdout) as { content: string; encoding?: string }
    expect(doc.encoding).toBeUndefined()
    expect(Buffer.from(doc.content, "utf8").equals(bytes)).toBe(true)
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      const r = await mcp.call("skc_open", { skill: ref, path: "windows.md" })
      expect(r.isError, JSON.stringify(r)).toBeFalsy()
      expect(Buffer.from((r.structuredContent as { content: string }).content, "utf8").equals(bytes)).toBe(true)
    } finally {
      await mcp.close()
    }
  })
})
