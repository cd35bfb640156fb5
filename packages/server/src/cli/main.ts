#!/usr/bin/env node
/**
 * The `piecework` command: `piecework start` runs the server; `piecework pieces add|list|sync`
 * manages integration pieces and the piece catalogue; `piecework flows import|export` moves flows between files and a running
 * server; `piecework project pull|push` keeps a project as a folder of files; `piecework test`
 * runs flows' test cases; `--version` prints the version, `--help` the usage.
 */
import { runPiecesCommand } from '@piecework/pieces';
import serverPackage from '../../package.json' with { type: 'json' };
import { FLOWS_USAGE, runFlowsCommand } from './flows-command';
import { PIECES_SYNC_USAGE, runPiecesSyncCommand } from './pieces-sync-command';
import { PROJECT_USAGE, runProjectCommand } from './project-command';
import { runStartCommand } from './start-command';
import { runTestCommand, TEST_USAGE } from './test-command';

const USAGE = `usage: piecework start                      start the server (AP_* variables configure it)
       piecework pieces add <package>       install a published piece
       piecework pieces list                list built-in and installed pieces
${PIECES_SYNC_USAGE}
${FLOWS_USAGE}
${PROJECT_USAGE}
${TEST_USAGE}
       piecework --version                  print the version
       piecework --help                     print this usage`;

const HELP = new Set([undefined, '--help', '-h', 'help']);
const VERSION = new Set(['--version', '-v', 'version']);

const io = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
  env: process.env,
};

async function main(args: readonly string[]): Promise<void> {
  const [group, ...rest] = args;
  if (group === 'start' && rest.length === 0) {
    const started = await runStartCommand(io);
    if (typeof started === 'number') {
      process.exitCode = started;
      return;
    }
    const stop = (): void => {
      void started.server.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  if (group === 'pieces' && rest[0] === 'sync') {
    process.exitCode = await runPiecesSyncCommand(rest.slice(1), io);
    return;
  }
  if (group === 'pieces') {
    process.exitCode = await runPiecesCommand(rest, io);
    return;
  }
  if (group === 'flows') {
    process.exitCode = await runFlowsCommand(rest, io);
    return;
  }
  if (group === 'project') {
    process.exitCode = await runProjectCommand(rest, io);
    return;
  }
  if (group === 'test') {
    process.exitCode = await runTestCommand(rest, io);
    return;
  }
  if (HELP.has(group) && rest.length === 0) {
    io.out(USAGE);
    return;
  }
  if (group !== undefined && VERSION.has(group) && rest.length === 0) {
    io.out(`piecework ${serverPackage.version}`);
    return;
  }
  io.err(USAGE);
  process.exitCode = 2;
}

void main(process.argv.slice(2));
