/** What the benches that start a scale-out cluster share before starting its processes. */
import { randomBytes } from 'node:crypto';
import { scaleOutEnv } from '../packages/server/src/testing/scale-out-cluster';
import { freePort } from '../packages/server/src/testing/server-process';
import { createTestPostgresDatabase } from '../packages/server/src/testing/test-postgres';

/**
 * A fresh PostgreSQL database (committing durably), a Redis key prefix of its own (`label-` and
 * random hex), the app's port and the environment every process of the cluster shares. Use it
 * in a bench that starts an APP and WORKER processes; drop the database and delete the prefix's
 * keys when done.
 */
export async function newClusterParts(redisUrl: string, label: string) {
  const database = await createTestPostgresDatabase({ durable: true });
  const prefix = `${label}-${randomBytes(4).toString('hex')}`;
  const appPort = await freePort();
  const env = scaleOutEnv({
    databaseUrl: database.url,
    redisUrl,
    prefix,
    appUrl: `http://127.0.0.1:${String(appPort)}`,
  });
  return { database, prefix, appPort, env };
}
