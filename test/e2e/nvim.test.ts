/**
 * editors/nvim/lua/skc.lua in a real Neovim (issue 50): headless `nvim`
 * loads it as docs/editors.md says, opens a skill file, and the diagnostics
 * `skc lsp` publishes reach Neovim's own vim.diagnostic, and completion
 * (`<C-x><C-o>`, 'omnifunc') is skc's in a skill's buffer, HTML's left in
 * other markdown; then a new SKILL.md in a directory that does not exist yet
 * gets its diagnostics too. Debian 12
 * ships Neovim 0.7.2, which has no vim.lsp.config and takes the
 * start_client fallback; a Neovim 0.11+ on the PATH takes vim.lsp.enable.
 * Skipped, with the reason, where no `nvim` is on the PATH (.ci/run installs
 * Debian's where it may).
 */
import { spawn, spawnSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"

const nvimVersion = (() => {
  const r = spawnSync("nvim", ["--version"], { encoding: "utf8" })
  return r.status === 0 ? /NVIM v(\S+)/.exec(r.stdout)?.[1] : undefined
})()
if (nvimVersion === undefined) console.warn("[nvim] no nvim on the PATH: the Neovim setup test is skipped")

const PLUGIN = resolve(import.meta.dirname, "../../editors/nvim")

/** What the Lua side reports, one line each: the version, then per buffer `<file> <code>,<code>…` (or `timeout`). */
const CHECK = `
local out = {}
table.insert(out, "version " .. vim.version().major .. "." .. vim.version().minor)
local function has(code)
  for _, d in ipairs(vim.diagnostic.get(0)) do if d.code == code then return true end end
  return false
end
local function report(label)
  -- A generous wait for the diagnostics of the buffer's text (SKL108: its description); nothing here measures time.
  local got = vim.wait(60000, function() return has("SKL108") end, 20)
  local codes = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(codes, tostring(d.code)) end
  table.sort(codes)
  table.insert(out, label .. " " .. (got and table.concat(codes, ",") or "timeout"))
end
vim.cmd("edit skills/forms/SKILL.md")
report("forms")
-- Completion is <C-x><C-o>: 'omnifunc' points at the server in a skill's buffer, not in other markdown.
table.insert(out, "omnifunc forms " .. vim.bo.omnifunc)
vim.cmd("edit notes.md")
vim.wait(200, function() return false end, 20)
table.insert(out, "omnifunc notes " .. vim.bo.omnifunc)
vim.cmd("edit .skillc/skills/brand-new/SKILL.md")
vim.api.nvim_buf_set_lines(0, 0, -1, false, { "---", "name: brand-new", "description: Does new things.", "---", "# Brand new", "", "See [the guide](guide.md).", "" })
report("brand-new")
vim.fn.writefile(out, vim.env.SKC_NVIM_OUT)
vim.cmd("qa!")
`

describe.skipIf(nvimVersion === undefined)(`editors/nvim in Neovim ${nvimVersion ?? "(absent)"} (issue 50)`, () => {
  it("require('skc').setup() starts skc lsp, and its diagnostics reach vim.diagnostic, a new SKILL.md's included", async () => {
    const sb = sandbox()
    writeTree(join(sb.work, "skills", "forms"), { "SKILL.md": "---\nname: forms\ndescription: Fills forms.\n---\n# Forms\n\nRead [x](missing.md).\n" })
    writeFileSync(join(sb.work, "notes.md"), "# Notes\n")
    const check = join(sb.root, "check.lua")
    const out = join(sb.root, "out.txt")
    writeFileSync(check, CHECK)
    // The setup as docs/editors.md gives it, with the server this checkout builds in place of `skc` on the PATH.
    const setup = `lua require('skc').setup({ cmd = { ${JSON.stringify(process.execPath)}, ${JSON.stringify(BIN)}, 'lsp' } })`
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: sb.home,
      SKILLC_HOME: sb.home,
      XDG_CONFIG_HOME: join(sb.home, ".config"),
      XDG_DATA_HOME: join(sb.home, ".local", "share"),
      XDG_STATE_HOME: join(sb.home, ".local", "state"),
      XDG_CACHE_HOME: join(sb.home, ".cache"),
      SKC_NVIM_OUT: out,
      LANG: "C.UTF-8"
    }
    const args = ["--headless", "-u", "NONE", "-i", "NONE", "-n", "--cmd", `set rtp+=${PLUGIN}`, "-c", setup, "-c", "filetype plugin on", "-c", `luafile ${check}`]
    const child = spawn("nvim", args, { cwd: sb.work, env, stdio: ["ignore", "pipe", "pipe"] })
    let stderr = ""
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()))
    const code = await new Promise<number | null>((done) => child.once("exit", done))
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" })
    const lines = readFileSync(out, "utf8").trim().split("\n")
    expect(lines[0]).toBe(`version ${nvimVersion!.split(".").slice(0, 2).join(".")}`)
    // The markdown ftplugin (on, as in a user's Neovim) sets HTML completion; a skill's buffer gets skc's.
    expect(lines.slice(1)).toEqual(["forms SKL108,SKL301", "omnifunc forms v:lua.vim.lsp.omnifunc", "omnifunc notes htmlcomplete#CompleteTags", "brand-new SKL108,SKL301"])
  }, 150_000)
})
