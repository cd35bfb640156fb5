#!/usr/bin/env node
/**
 * The `piecework` command. This package provides its `pieces` sub-command
 * (`piecework pieces add <package>`); the server package adds `start`.
 */
import { runPiecesCommand } from './pieces-command';

const [group, ...args] = process.argv.slice(2);
const io = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
  env: process.env,
};
if (group === 'pieces') {
  void runPiecesCommand(args, io).then((code) => {
    process.exitCode = code;
  });
} else {
  io.err('usage: piecework pieces <add|list> ...');
  process.exitCode = 2;
}
