/**
 * `piecework pieces sync --from <file>` on a server's SQLite database (the server stopped): the
 * file's pieces (gzipped or not, a snapshot or a plain array) are in the catalogue a server
 * started on that data directory lists; a file that is not a catalogue says so and exits 1
 * leaving the catalogue as it was; wrong arguments print the usage and exit 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createPieceworkClient } from '@piecework/client';
import { startTestServer } from '../testing/test-server';
import { signUpTestUser } from '../testing/test-users';
import { runPiecesSyncCommand } from './pieces-sync-command';

const scratch = mkdtempSync(join(tmpdir(), 'piecework-pieces-sync-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A piece's metadata as a catalogue file holds it. */
const piece = (name: string, version: string) => ({
  name,
  version,
  displayName: `Piece ${name}`,
  description: 'From a file',
  logoUrl: 'https://example.com/logo.svg',
  authors: [],
  categories: ['PRODUCTIVITY'],
  actions: { go: { name: 'go', displayName: 'Go', description: 'Goes', props: {}, requireAuth: false } },
  triggers: {},
});

function command(dataDir: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (line: string) => out.push(line),
    err: (line: string) => err.push(line),
    env: { AP_CONFIG_PATH: dataDir, AP_DB_TYPE: 'SQLITE', AP_LOG_LEVEL: 'silent' },
  };
  return { run: () => runPiecesSyncCommand(args, io), out, err };
}

describe('piecework pieces sync --from <file>', () => {
  it('adds the pieces of a gzipped snapshot and of a plain array; a server on that data lists them', async () => {
    const dataDir = join(scratch, 'data');
    const snapshot = join(scratch, 'snapshot.json.gz');
    writeFileSync(
      snapshot,
      gzipSync(
        JSON.stringify({
          pieces: [piece('@files/piece-a', '1.0.0')],
          unavailable: [
            { name: '@files/piece-old', version: '0.2.0', reason: 'Built on a framework that is gone' },
          ],
        }),
      ),
    );
    const plain = join(scratch, 'plain.json');
    writeFileSync(plain, JSON.stringify([piece('@files/piece-b', '2.0.0'), { not: 'a piece' }]));
    const first = command(dataDir, ['--from', snapshot]);
    expect(await first.run()).toBe(0);
    expect(first.out).toEqual([`added 2 piece versions from ${snapshot}`]);
    const second = command(dataDir, ['--from', plain]);
    expect(await second.run()).toBe(0);
    expect(second.out).toEqual([`added 1 piece versions from ${plain}, skipped 1 invalid`]);

    const server = await startTestServer({ AP_DB_TYPE: 'SQLITE' }, { dataDir });
    try {
      const user = await signUpTestUser(server);
      const client = createPieceworkClient({ baseUrl: server.url, token: user.token });
      const listed = await client.pieces.list();
      expect(listed.find((entry) => entry.name === '@files/piece-a')).toMatchObject({
        version: '1.0.0',
        installState: 'INSTALL_ON_USE',
        categories: ['PRODUCTIVITY'],
        actions: 1,
      });
      expect(listed.find((entry) => entry.name === '@files/piece-b')).toMatchObject({ version: '2.0.0' });
      expect(listed.find((entry) => entry.name === '@files/piece-old')).toMatchObject({
        installState: 'UNAVAILABLE',
        unavailableReason: 'Built on a framework that is gone',
      });
    } finally {
      await server.close();
    }
  }, 60_000);

  it('refuses a file that is not a catalogue, exit 1, adding nothing', async () => {
    const dataDir = join(scratch, 'refused');
    const file = join(scratch, 'not-a-catalogue.json');
    writeFileSync(file, JSON.stringify({ flows: [] }));
    const sync = command(dataDir, ['--from', file]);
    expect(await sync.run()).toBe(1);
    expect(sync.err.join('\n')).toMatch(/is not a pieces catalogue/);
  });

  it.each([[['--from']], [['--to', 'x']], [['a', 'b', 'c']]])(
    'prints the usage for %j, exit 2',
    async (args) => {
      const sync = command(join(scratch, 'usage'), args);
      expect(await sync.run()).toBe(2);
      expect(sync.err.join('\n')).toMatch(/piecework pieces sync \[--from <file\|url>\]/);
    },
  );
});
