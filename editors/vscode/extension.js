// Starts `gamut lsp` for .game files. The server does the work: this file
// only tells VS Code how to run it.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("gamut").get("path") || "gamut";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "gamut",
    "gamut",
    { run: server, debug: server },
    { documentSelector: [{ language: "gamut" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
