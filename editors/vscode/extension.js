// The sowspec extension: starts `sowspec lsp` for .rules files.
// The language server gives diagnostics as you type, quick fixes for
// misspelt words, hover, completion, document symbols and formatting.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("sowspec").get("path") || "sowspec";
  const serverOptions = { command, args: ["lsp"] };
  const clientOptions = { documentSelector: [{ scheme: "file", language: "sowspec" }, { scheme: "untitled", language: "sowspec" }] };
  client = new LanguageClient("sowspec", "sowspec", serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
