// The senlac extension: starts `senlac lsp` (the path from the
// `senlac.server.path` setting) for .sbn files and restarts it when the
// setting changes. Everything else (diagnostics, hover, completion,
// formatting, ...) is the server's; the TextMate grammar only colours the
// text before the server's semantic tokens arrive.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

function serverOptions() {
  const command = vscode.workspace.getConfiguration('senlac').get('server.path') || 'senlac';
  const run = { command, args: ['lsp'], transport: TransportKind.stdio };
  return { run, debug: run };
}

async function start(context) {
  client = new LanguageClient('senlac', 'Senlac', serverOptions(), {
    documentSelector: [{ language: 'sbn' }],
    outputChannelName: 'Senlac',
  });
  try {
    await client.start();
  } catch (error) {
    const path = vscode.workspace.getConfiguration('senlac').get('server.path');
    vscode.window.showErrorMessage(
      `Cannot start \`${path} lsp\`: ${error.message}. Install senlac or set senlac.server.path.`,
    );
  }
  context.subscriptions.push(client);
}

async function restart(context) {
  if (client) {
    await client.stop().catch(() => {});
    client = undefined;
  }
  await start(context);
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('senlac.restartServer', () => restart(context)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('senlac.server.path')) {
        restart(context);
      }
    }),
  );
  return start(context);
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
