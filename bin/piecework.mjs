#!/usr/bin/env node
/**
 * The `piecework` command of a clone of this repository (`npx piecework ...` from the repository):
 * runs the built command (`packages/server/dist/standalone/cli.js`, made by `npm run build`, what
 * `npm i @piecework/server` installs) in this process; before a build, the command's sources
 * through tsx in a child process (slower to start, same behaviour).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtCli = join(repoRoot, 'packages/server/dist/standalone/cli.js');

if (existsSync(builtCli)) {
  createRequire(import.meta.url)(builtCli);
} else {
  const child = spawn(
    process.execPath,
    [
      '--import',
      import.meta.resolve('tsx'),
      join(repoRoot, 'packages/server/src/cli/main.ts'),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, TSX_TSCONFIG_PATH: join(repoRoot, 'tsconfig.json') } },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal === null ? 1 : 128);
  });
}
