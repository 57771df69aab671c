/**
 * `skc lsp`: a language server for skill files over stdio (issue 50; LSP
 * 3.17). Not a use case, so no handler: the CLI wires it in
 * src/cli/commands/lsp.ts and its own bundle in src/cli/lspEntry.ts. This
 * is its description for help; docs/editors.md has each editor's setup.
 */
import { flag } from "./spec.js"

export const lspHelp = {
  name: "lsp",
  summary: [
    "Serve skill files to an editor over the Language Server Protocol (stdio).",
    "",
    "Diagnostics as skc lint gives them, quick fixes (skc lint --fix's and guided ones), completion of",
    "the agents' frontmatter fields, links and #anchors, hover with a description's listing cost and a",
    "section's reads by agents, the outline, go to definition and heading rename. docs/editors.md says",
    "how to set it up in VS Code, Neovim, Helix and Zed."
  ],
  examples: ["skc lsp                        # reads JSON-RPC on stdin, answers on stdout (an editor starts it)"],
  args: {},
  flags: {
    stdio: flag.boolean("stdio", "Talk over stdin/stdout (the only transport; accepted because LSP clients pass it).")
  },
  notes: ['Neovim 0.11+: vim.lsp.config("skc", { cmd = { "skc", "lsp" }, filetypes = { "markdown", "json" }, root_markers = { "SKILL.md" } })']
}
