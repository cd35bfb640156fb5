/**
 * What a run costs each process of an installation under load: CPU ms of each Node process, of
 * the PostgreSQL backends serving its database and of Redis (from /proc), and the PostgreSQL
 * transactions and written rows (pg_stat_database) and Redis commands (INFO commandstats) it
 * causes. Linux only; a figure it cannot read is left out.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks are 1/100 s on Linux (getconf CLK_TCK). */
const msPerTick = 10;
/** How long a PostgreSQL backend may keep its statistics before it reports them, once idle. */
const statisticsDelayMs = 11_000;

/** A process's user + system CPU in ms, or undefined once it is gone. */
function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * msPerTick;
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** PostgreSQL's processes: its backends serving `database`, and its own background processes. */
function postgresPids(database: string): { backends: number[]; background: number[] } {
  const backends: number[] = [];
  const background: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const line = commandLine(pid);
    if (!line.startsWith('postgres:')) continue;
    if (line.includes(` ${database} `)) backends.push(pid);
    else if (/writer|checkpointer|walwriter/.test(line)) background.push(pid);
  }
  return { backends, background };
}

function redisPid(): number | undefined {
  try {
    return Number(execFileSync('pgrep', ['-o', 'redis-server'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

async function redisCommands(redisUrl: string): Promise<number> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  try {
    const info = await redis.info('commandstats');
    let calls = 0;
    for (const match of info.matchAll(/calls=(\d+)/g)) calls += Number(match[1]);
    return calls;
  } finally {
    redis.disconnect();
  }
}

interface DatabaseCounts {
  xacts: number;
  inserted: number;
  updated: number;
  deleted: number;
}

async function databaseCounts(adminUrl: string, database: string): Promise<DatabaseCounts> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Record<keyof DatabaseCounts, string>>(
      `select xact_commit + xact_rollback as xacts, tup_inserted as inserted, tup_updated as updated,
              tup_deleted as deleted from pg_stat_database where datname = $1`,
      [database],
    );
    const row = rows[0]!;
    return {
      xacts: Number(row.xacts),
      inserted: Number(row.inserted),
      updated: Number(row.updated),
      deleted: Number(row.deleted),
    };
  } finally {
    await client.end();
  }
}

/** Statements of `database` PostgreSQL logged in `file` after its first `from` bytes. */
function loggedStatements(file: string, from: number, database: string): number {
  const length = statSync(file).size - from;
  const buffer = Buffer.alloc(Math.max(0, length));
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    closeSync(fd);
  }
  const marker = `@${database} LOG:  `;
  let count = 0;
  for (const line of buffer.toString('utf8').split('\n')) {
    const at = line.indexOf(marker);
    if (at < 0) continue;
    const rest = line.slice(at + marker.length);
    if (rest.startsWith('statement:') || rest.startsWith('execute')) count += 1;
  }
  return count;
}

/** Where the figures come from: the Node processes by name, and the shared services if any. */
export interface CostSources {
  processes: { name: string; pid: number }[];
  postgres?: {
    adminUrl: string;
    database: string;
    /** PostgreSQL's log, when the database logs every statement (`log_statement = all`). */
    statementLog?: string;
  };
  redisUrl?: string;
}

interface Snapshot {
  cpu: Map<string, number>;
  redisCalls?: number;
}

async function snapshot(sources: CostSources): Promise<Snapshot> {
  const cpu = new Map<string, number>();
  for (const { name, pid } of sources.processes) cpu.set(name, cpuMs(pid) ?? 0);
  if (sources.postgres !== undefined) {
    const { backends, background } = postgresPids(sources.postgres.database);
    cpu.set(
      'PostgreSQL backends',
      backends.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0),
    );
    cpu.set(
      'PostgreSQL background',
      background.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0),
    );
  }
  let redisCalls: number | undefined;
  if (sources.redisUrl !== undefined) {
    const pid = redisPid();
    if (pid !== undefined) cpu.set('Redis', cpuMs(pid) ?? 0);
    redisCalls = await redisCommands(sources.redisUrl);
  }
  return { cpu, redisCalls };
}

/** PostgreSQL's counts once every backend has reported what it did until now. */
async function settledDatabaseCounts(sources: CostSources): Promise<DatabaseCounts | undefined> {
  if (sources.postgres === undefined) return undefined;
  await new Promise((done) => setTimeout(done, statisticsDelayMs));
  return databaseCounts(sources.postgres.adminUrl, sources.postgres.database);
}

/**
 * Measures `load` (which returns how many runs it made) and returns per-run figures as
 * [what, per run] rows. Use around a measure whose every request is one run; PostgreSQL
 * backends that connect during the load are missed, so start the load on warm pools.
 */
export async function measureRunCosts(
  sources: CostSources,
  load: () => Promise<number>,
): Promise<{ runs: number; rows: [string, number][] }> {
  const databaseBefore = await settledDatabaseCounts(sources);
  const log = sources.postgres?.statementLog;
  const logStart = log === undefined ? 0 : statSync(log).size;
  const before = await snapshot(sources);
  const runs = await load();
  const after = await snapshot(sources);
  const databaseAfter = await settledDatabaseCounts(sources);
  const rows: [string, number][] = [];
  let total = 0;
  for (const [name, ms] of after.cpu) {
    const perRun = (ms - (before.cpu.get(name) ?? ms)) / runs;
    total += perRun;
    rows.push([`${name} CPU ms`, perRun]);
  }
  rows.push(['all CPU ms', total]);
  if (databaseBefore !== undefined && databaseAfter !== undefined) {
    for (const key of ['xacts', 'inserted', 'updated', 'deleted'] as const) {
      const what = key === 'xacts' ? 'transactions' : `rows ${key}`;
      rows.push([`PostgreSQL ${what}`, (databaseAfter[key] - databaseBefore[key]) / runs]);
    }
  }
  if (log !== undefined) {
    rows.push(['PostgreSQL statements', loggedStatements(log, logStart, sources.postgres!.database) / runs]);
  }
  if (before.redisCalls !== undefined && after.redisCalls !== undefined) {
    // The two INFO calls of the snapshots are not the run's.
    rows.push(['Redis commands', (after.redisCalls - before.redisCalls - 1) / runs]);
  }
  return { runs, rows };
}
