// Entry point of the bundled language server (dist/languageServer.js). The transport (--stdio,
// --node-ipc, --socket=) comes from the command line, as vscode-languageclient passes it.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

const connection = createConnection(ProposedFeatures.all);
// Last line of defence: log and keep serving rather than exit on a stray error.
process.on('uncaughtException', (err) => connection.console.error(`uncaught: ${err.stack ?? err.message}`));
process.on('unhandledRejection', (reason) => connection.console.error(`unhandled rejection: ${String(reason)}`));
startServer(connection);
