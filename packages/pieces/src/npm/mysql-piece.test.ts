/**
 * The unmodified `@activepieces/piece-mysql` (0.2.7, mysql2 bundled in) run by the npm piece host
 * in its piece process against the local MariaDB (127.0.0.1:3306, user root, no password,
 * database `test`), let through the SSRF filter by the allow list: it creates a table, inserts
 * rows and reads them back through the piece's own actions. MariaDB must be answering (CI starts
 * it): if it is not, the test fails saying so; it never skips.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NpmPieceHost } from './npm-piece-host';
import { REAL_PIECES, testResolver } from './testing/fixture-pieces';
import { actionRequest } from './testing/requests';
import { testServices } from './testing/test-services';

const MARIADB = { host: '127.0.0.1', port: 3306 };
const auth = {
  type: 'CUSTOM_AUTH',
  props: { host: MARIADB.host, port: MARIADB.port, user: 'root', password: '', database: 'test' },
};
const table = `piecework_fruit_${randomBytes(4).toString('hex')}`;

/** Resolves when something accepts TCP connections on MariaDB's address, else rejects saying so. */
function assertMariaDbAnswers(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(MARIADB);
    socket.setTimeout(3_000);
    const fail = (reason: string) => {
      socket.destroy();
      reject(
        new Error(
          `MariaDB is not answering on ${MARIADB.host}:${String(MARIADB.port)} (${reason}): start it (user root, no password, database test) before this test`,
        ),
      );
    };
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => fail('timed out'));
    socket.once('error', (error) => fail(error.message));
  });
}

let host: NpmPieceHost;
beforeAll(async () => {
  await assertMariaDbAnswers();
  host = new NpmPieceHost({ resolvePiece: testResolver(), poolSize: 1 });
});
afterAll(async () => {
  if (host === undefined) return;
  await run('execute_query', { query: `DROP TABLE IF EXISTS ${table}` });
  await host.close();
});

/** Runs an action of the mysql piece with the connection, MariaDB's address allowed. */
function run(actionName: string, input: Record<string, unknown>, ssrfAllowList = ['127.0.0.1/32']) {
  const { services } = testServices({ ssrfAllowList });
  return host.runAction(actionRequest(REAL_PIECES.mysql, actionName, { auth, ...input }), services);
}

describe('@activepieces/piece-mysql against the local MariaDB', () => {
  it('creates a table, inserts rows and reads them back through its actions', async () => {
    const created = await run('execute_query', {
      query: `CREATE TABLE ${table} (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(40) NOT NULL, qty INT NOT NULL)`,
    });
    expect(created).toMatchObject({ status: 'SUCCEEDED' });

    for (const [name, qty] of [
      ['apple', 3],
      ['pear', 7],
      ['plum', 12],
    ] as const) {
      const inserted = await run('insert_row', { table, values: { name, qty } });
      expect(inserted).toMatchObject({ status: 'SUCCEEDED', output: { affectedRows: 1 } });
    }

    const tables = await run('get_tables', {});
    expect(tables).toMatchObject({
      status: 'SUCCEEDED',
      output: { tables: expect.arrayContaining([table]) },
    });

    const found = await run('find_rows', {
      table,
      condition: 'qty > ?',
      args: [5],
      columns: ['name', 'qty'],
    });
    expect(found).toEqual({
      status: 'SUCCEEDED',
      output: {
        results: [
          { name: 'pear', qty: 7 },
          { name: 'plum', qty: 12 },
        ],
      },
    });

    const updated = await run('update_row', {
      table,
      values: { qty: 4 },
      search_column: 'name',
      search_value: 'plum',
    });
    expect(updated).toMatchObject({ status: 'SUCCEEDED', output: { affectedRows: 1 } });
    const deleted = await run('delete_row', { table, search_column: 'name', search_value: 'apple' });
    expect(deleted).toMatchObject({ status: 'SUCCEEDED', output: { affectedRows: 1 } });

    const all = await run('execute_query', { query: `SELECT name, qty FROM ${table} ORDER BY id`, args: [] });
    expect(all).toEqual({
      status: 'SUCCEEDED',
      output: {
        results: [
          { name: 'pear', qty: 7 },
          { name: 'plum', qty: 4 },
        ],
      },
    });
  });

  it('cannot reach the database when its address is not allow-listed (the SSRF filter in the piece process)', async () => {
    const outcome = await run('get_tables', {}, []);
    expect(outcome).toMatchObject({ status: 'FAILED' });
    expect((outcome as { message: string }).message).toMatch(/127\.0\.0\.1.*blocked|blocked.*127\.0\.0\.1/);
  });
});
