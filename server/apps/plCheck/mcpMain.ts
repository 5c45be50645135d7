import packageJson from '../../../package.json';
import { printable } from './formatHuman';
import { runMcpCommand } from './mcpServer';
import { UsageError } from './options';

/**
 * `pl-check mcp ...` (dist/plCheckMcp.js, loaded by plCheck.ts or run by itself as
 * `node plCheckMcp.js [options] [course...]`): serves until stdin closes; a usage problem exits 2.
 */
export async function runMcp(argv: string[]): Promise<void> {
  try {
    await runMcpCommand(argv, packageJson.version);
    process.exit(0);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(err instanceof UsageError ? `pl-check mcp: ${printable(message)}\nRun "pl-check mcp --help" for usage.\n` : `pl-check mcp: internal error: ${printable(message)}\n`);
    process.exit(2);
  }
}

if (require.main === module) void runMcp(process.argv.slice(2));
