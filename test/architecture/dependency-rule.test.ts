import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rule between the packages (ARCHITECTURE.md at the repository root) is enforced
 * by ESLint (`eslint.config.js`); these cases prove the rule bites (a rule that never fires would
 * pass every lint run).
 */
const eslint = new ESLint({ cwd: process.cwd() });

/** The no-restricted-imports messages for `import * as imported from '<from>'` in the file at `filePath`. */
async function importErrors(filePath: string, from: string): Promise<string[]> {
  const source = `import * as imported from '${from}';\nexport const used = [imported];\n`;
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the dependency rule', () => {
  it.each([
    ['packages/engine/src/run/example.ts', 'node:fs'],
    ['packages/engine/src/run/example.ts', 'http'],
    ['packages/engine/src/run/example.ts', 'better-sqlite3'],
    ['packages/engine/src/run/example.ts', '@piecework/server'],
    ['packages/shared/src/flows/example.ts', 'node:events'],
    ['packages/shared/src/flows/example.ts', '@piecework/engine'],
    ['packages/client/src/example.ts', '@piecework/server'],
    ['packages/client/src/example.ts', 'node:http'],
    ['packages/embed/src/example.ts', '@piecework/engine'],
  ])('refuses %s importing %s', async (filePath, from) => {
    expect(await importErrors(filePath, from)).toHaveLength(1);
  });

  it.each([
    ['packages/engine/src/run/example.ts', 'zod'],
    ['packages/engine/src/worker/example.ts', 'node:worker_threads'],
    ['packages/server/src/example.ts', 'node:fs'],
    ['packages/client/src/example.ts', '@piecework/shared'],
    ['packages/client/src/example.ts', 'ky'],
    ['packages/client/src/example.test.ts', 'node:http'],
  ])('allows %s importing %s', async (filePath, from) => {
    expect(await importErrors(filePath, from)).toEqual([]);
  });
});
