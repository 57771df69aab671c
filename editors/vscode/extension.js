// The whole extension: start `skc lsp` (docs/editors.md) for the markdown
// files and eval files of Agent Skills. Every feature comes from the server.
const vscode = require("vscode")
const { LanguageClient, TransportKind } = require("vscode-languageclient/node")

let client

exports.activate = async (context) => {
  const [command, ...args] = vscode.workspace.getConfiguration("skc").get("command", ["skc", "lsp"])
  client = new LanguageClient(
    "skc",
    "skc",
    // TransportKind.stdio makes the client add --stdio, which skc lsp accepts.
    { command, args, transport: TransportKind.stdio },
    {
      documentSelector: [
        { scheme: "file", language: "markdown" },
        { scheme: "file", pattern: "**/evals/{triggers,evals}.json" }
      ],
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.{md,json}") }
    }
  )
  context.subscriptions.push(client)
  await client.start()
}

exports.deactivate = () => client?.stop()
