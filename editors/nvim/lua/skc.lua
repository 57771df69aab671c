-- skc lsp for Neovim (issue 50): require("skc").setup() in init.lua.
--
-- Neovim 0.11 and later configure servers with vim.lsp.config/vim.lsp.enable;
-- older ones (Debian 12 ships 0.7.2) have neither, and the snippet that used
-- them failed there. On those, one client is started with
-- vim.lsp.start_client and each markdown or JSON buffer is attached to it
-- from a FileType autocommand. skc finds each file's skill itself (the
-- nearest directory with a SKILL.md), so one client serves every skill.
local M = {}

local defaults = {
  -- The server: `skc lsp`, or { "npx", "-y", "skillc", "lsp" } without skc on the PATH.
  cmd = { "skc", "lsp" },
  filetypes = { "markdown", "json" },
}

local function options(opts)
  return vim.tbl_deep_extend("force", {}, defaults, opts or {})
end

-- Neovim 0.11+: the built-in configuration, rooted at the skill directory.
local function setup_config(o)
  vim.lsp.config("skc", { cmd = o.cmd, filetypes = o.filetypes, root_markers = { "SKILL.md", ".git" } })
  vim.lsp.enable("skc")
end

-- Whether a file is in a skill: the nearest directory above it holding a SKILL.md (or the file is one).
local function in_skill(name)
  return vim.fn.fnamemodify(name, ":t") == "SKILL.md" or vim.fn.findfile("SKILL.md", vim.fn.fnamemodify(name, ":p:h") .. ";") ~= ""
end

-- Completion is <C-x><C-o>, which calls 'omnifunc': Neovim 0.7 does not point it at the server, and
-- the markdown ftplugin sets it to HTML tags, so skc's completion was out of reach. A skill buffer whose
-- omnifunc is unset or that default gets vim.lsp.omnifunc; one the user set stays. Scheduled, because the
-- ftplugin's FileType handler runs after this one.
local function use_omnifunc(bufnr)
  vim.schedule(function()
    if not vim.api.nvim_buf_is_valid(bufnr) or not in_skill(vim.api.nvim_buf_get_name(bufnr)) then
      return
    end
    local current = vim.bo[bufnr].omnifunc
    if current == "" or current == "htmlcomplete#CompleteTags" then
      vim.bo[bufnr].omnifunc = "v:lua.vim.lsp.omnifunc"
    end
  end)
end

-- Older Neovim (0.7 to 0.10): one client, started at the first buffer and again if it exited.
local function setup_autocmd(o)
  local client_id = nil
  local function attach(bufnr)
    -- A buffer with no file (a scratch buffer, a help page) belongs to no skill.
    if vim.api.nvim_buf_get_name(bufnr) == "" or vim.bo[bufnr].buftype ~= "" then
      return
    end
    if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
      client_id = vim.lsp.start_client({ name = "skc", cmd = o.cmd, root_dir = vim.fn.getcwd() })
    end
    if client_id ~= nil and vim.lsp.buf_attach_client(bufnr, client_id) then
      use_omnifunc(bufnr)
    end
  end
  local group = vim.api.nvim_create_augroup("skc_lsp", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = o.filetypes,
    callback = function(args)
      attach(args.buf)
    end,
  })
end

function M.setup(opts)
  local o = options(opts)
  if vim.lsp.config ~= nil and vim.lsp.enable ~= nil then
    setup_config(o)
  else
    setup_autocmd(o)
  end
end

return M
