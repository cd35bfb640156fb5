/**
 * bench/compare: this checkout's build against the build of another commit, side by side in one
 * run, on the webhook bench's path (webhook -> 10-step flow -> sync answer, SQLite, each server
 * the built `piecework start` as a process of its own), with the floor of the same work
 * (`bench/floor-server.ts`) measured in the same run. Use it for every change to the run path:
 * against the last release tag, so that small costs cannot add up unseen.
 *
 * `<ref>` is checked out in a worktree under the system's temporary folder (kept, one per commit,
 * so a second comparison starts at once), given its dependencies (links to those of this checkout
 * or of another compared worktree with the same package-lock.json; else its own `npm ci`) and built
 * (its packages and its standalone command; not its web app). This checkout must be built
 * (`npm run build`).
 *
 * The loads alternate: in each of BENCH_ROUNDS rounds (default 3), every case (c=1, c=16) loads
 * the reference, this build and the floor, in an order that rotates each round, BENCH_SECONDS
 * (default 5) each (BENCH_CASES=16 measures only c=16). It prints each round, then the medians and the ratios: this build / `<ref>`
 * and each build / the floor; beside each, the server process's CPU time per run (every thread). Every server is warmed first (BENCH_WARMUP_SECONDS, default 5, at
 * c=16), as the longest-running one would be.
 *
 * Run: npm run bench:compare -- <ref>      e.g. npm run bench:compare -- v0.4.0
 *      npm run bench:compare -- <ref> <other ref>   two commits, neither of them this checkout
 *      ("this build" in the tables is then `<other ref>`), e.g. to bisect a regression
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../packages/server/src/testing/server-process';
import { startFloorServer } from './floor';
import { runLoad, signUpBenchUser } from './http-load';
import type { LoadResult } from './load-generator';
import { printTable, processCpuMs } from './support';
import { publishTenStepFlow } from './webhook-flow';

const ref = process.argv[2];
if (ref === undefined) {
  process.stderr.write('usage: npm run bench:compare -- <git ref>\n');
  process.exit(2);
}
const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);
const warmupSeconds = Number(process.env['BENCH_WARMUP_SECONDS'] ?? 5);
const here = process.cwd();
const git = (...args: string[]) => execFileSync('git', args, { cwd: here, encoding: 'utf8' }).trim();
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });

const other = process.argv[3];
const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
const thisCli = join(here, 'packages', 'server', 'dist', 'standalone', 'cli.js');
if (other === undefined && !existsSync(thisCli)) throw new Error('Build this checkout first: npm run build');
const referenceCli = buildReference(commit);
const currentName = other ?? 'this build';
const currentCli =
  other === undefined ? thisCli : buildReference(git('rev-parse', '--verify', `${other}^{commit}`));

/**
 * The built command of `commit`, from its worktree (checked out, given dependencies and built on
 * the first comparison with it).
 */
function buildReference(sha: string): string {
  const dir = join(tmpdir(), 'piecework-bench-compare', sha);
  const cli = join(dir, 'packages', 'server', 'dist', 'standalone', 'cli.js');
  if (existsSync(cli)) return cli;
  if (!existsSync(dir)) {
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', dir, sha);
  }
  process.stdout.write(`building ${sha.slice(0, 10)} in ${dir}\n`);
  const installed = installedLike(dir);
  if (installed === undefined) run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  else linkDependencies(dir, installed);
  // Its packages (without type declarations: the command needs none) and its standalone command.
  const script = `import { build } from 'tsup';
    import { packageBuilds, standaloneServerBuild } from './tsup.config';
    for (const options of [...packageBuilds, standaloneServerBuild])
      await build({ ...options, dts: false, silent: true, config: false });`;
  run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], dir);
  return cli;
}

/**
 * A checkout whose dependencies `dir` can share: this one, or another compared worktree, whose
 * package-lock.json is the same as `dir`'s and whose dependencies are installed.
 */
function installedLike(dir: string): string | undefined {
  const lock = readFileSync(join(dir, 'package-lock.json'), 'utf8');
  const worktrees = dirname(dir);
  const candidates = [here, ...readdirSync(worktrees).map((name) => join(worktrees, name))];
  return candidates.find(
    (candidate) =>
      candidate !== dir &&
      existsSync(join(candidate, 'node_modules', '.package-lock.json')) &&
      readFileSync(join(candidate, 'package-lock.json'), 'utf8') === lock,
  );
}

/** Gives `dir` the dependencies of `from`: a link per package, its own workspace packages. */
function linkDependencies(dir: string, from: string): void {
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@piecework'), { recursive: true });
  for (const entry of readdirSync(join(from, 'node_modules'))) {
    if (entry === '@piecework') continue;
    symlinkSync(realpathSync(join(from, 'node_modules', entry)), join(modules, entry));
  }
  for (const workspace of readdirSync(join(from, 'node_modules', '@piecework'))) {
    const target = readdirSync(join(dir, 'packages')).includes(workspace)
      ? join(dir, 'packages', workspace)
      : join(dir, 'examples', workspace.replace(/^example-/, ''));
    if (existsSync(target)) symlinkSync(target, join(modules, '@piecework', workspace));
  }
  for (const pkg of readdirSync(join(from, 'packages'))) {
    const own = join(from, 'packages', pkg, 'node_modules');
    if (
      existsSync(own) &&
      existsSync(join(dir, 'packages', pkg)) &&
      !existsSync(join(dir, 'packages', pkg, 'node_modules'))
    )
      symlinkSync(realpathSync(own), join(dir, 'packages', pkg, 'node_modules'));
  }
}

/** One server under measure. */
interface Target {
  name: string;
  origin: string;
  path: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the built command `cli` with its own data folder; resolves once its flow is published. */
async function startBuild(name: string, cli: string): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-compare-data-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [cli, 'start'], {
    env: {
      ...process.env,
      AP_CONFIG_PATH: dataDir,
      AP_LOG_LEVEL: 'warn',
      AP_WORKER_CONCURRENCY: '16',
      AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '16',
      AP_PORT: String(port),
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${String(port)}`;
  for (let started = Date.now(); ;) {
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) break;
    } catch {
      if (Date.now() - started > 60_000) throw new Error(`${name} did not start`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  const flowId = await publishTenStepFlow(origin, await signUpBenchUser(origin));
  return {
    name,
    origin,
    path: `/api/v1/webhooks/${flowId}/sync`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const floorDir = mkdtempSync(join(tmpdir(), 'piecework-bench-compare-floor-'));
const floor = await startFloorServer(floorDir);
const targets: Target[] = [
  await startBuild(ref, referenceCli),
  await startBuild(currentName, currentCli),
  { name: 'floor', origin: floor.origin, path: '/webhook', pid: floor.pid, stop: () => floor.stop() },
];
const load = (target: Target, connections: number, forSeconds: number, warmup = 1) =>
  runLoad(
    {
      origin: target.origin,
      path: target.path,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      bodies: ['{"n":0}'],
      connections,
    },
    forSeconds,
    warmup,
  );

try {
  for (const target of targets) await load(target, 16, warmupSeconds, 0);
  const cases = (process.env['BENCH_CASES'] ?? '1,16').split(',').map(Number);
  /** results[case][target] = one LoadResult per round. */
  const results = cases.map(() => targets.map((): (LoadResult & { cpuMsPerRun: number })[] => []));
  const roundRows: string[][] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [caseIndex, connections] of cases.entries()) {
      for (let k = 0; k < targets.length; k++) {
        const index = (k + round) % targets.length;
        const cpuBefore = processCpuMs(targets[index]!.pid);
        const loaded = await load(targets[index]!, connections, seconds);
        // Every request answered, warm-up included, over the process's CPU in that time.
        const result = {
          ...loaded,
          cpuMsPerRun: (processCpuMs(targets[index]!.pid) - cpuBefore) / loaded.answered,
        };
        results[caseIndex]![index]!.push(result);
        if (result.errors > 0)
          process.stdout.write(`${targets[index]!.name}: ${String(result.errors)} errors\n`);
        roundRows.push([
          String(round + 1),
          String(connections),
          targets[index]!.name,
          result.requestsPerSecond.toFixed(0),
          result.p50.toFixed(2),
          result.p99.toFixed(2),
          result.cpuMsPerRun.toFixed(2),
        ]);
      }
    }
  }
  process.stdout.write(`\nrounds (${String(seconds)} s per load):\n`);
  printTable(['round', 'c', 'server', 'runs/s', 'p50 ms', 'p99 ms', 'CPU ms/run'], roundRows);

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rows = cases.map((connections, caseIndex) => {
    const [reference, current, floorResults] = results[caseIndex]!.map((runs) => ({
      rate: median(runs.map((result) => result.requestsPerSecond)),
      p50: median(runs.map((result) => result.p50)),
      cpu: median(runs.map((result) => result.cpuMsPerRun)),
    }));
    return [
      String(connections),
      `${reference!.rate.toFixed(0)} / ${reference!.p50.toFixed(2)} / ${reference!.cpu.toFixed(2)}`,
      `${current!.rate.toFixed(0)} / ${current!.p50.toFixed(2)} / ${current!.cpu.toFixed(2)}`,
      `${floorResults!.rate.toFixed(0)} / ${floorResults!.p50.toFixed(2)} / ${floorResults!.cpu.toFixed(2)}`,
      (current!.rate / reference!.rate).toFixed(3),
      (current!.p50 / reference!.p50).toFixed(3),
      (current!.cpu / reference!.cpu).toFixed(3),
      (reference!.rate / floorResults!.rate).toFixed(2),
      (current!.rate / floorResults!.rate).toFixed(2),
    ];
  });
  process.stdout.write(`\nmedians of ${String(rounds)} rounds; ${ref} is ${commit.slice(0, 10)}:\n`);
  printTable(
    [
      'c',
      `${ref}: runs/s / p50 ms / CPU ms`,
      `${currentName}: runs/s / p50 / CPU`,
      'floor: runs/s / p50 / CPU',
      'runs/s this / ref',
      'p50 this / ref',
      'CPU this / ref',
      'ref / floor',
      'this / floor',
    ],
    rows,
  );
} finally {
  for (const target of targets) await target.stop();
  rmSync(floorDir, { recursive: true, force: true });
}
