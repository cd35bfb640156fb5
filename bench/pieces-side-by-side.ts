/**
 * bench/pieces-side-by-side: the npm piece step of another checkout (the baseline) against this
 * one's, in one process, alternating rounds so that both meet the same load; beside them, the
 * code and built-in steps of this checkout. Per step: median and best round of wall time, and
 * the CPU time the host and the piece processes used (steadier than wall time on a shared
 * machine). Needs a checkout whose node_modules resolve (e.g. `git archive <commit> | tar -x -C
 * /tmp/base` and a link to this checkout's node_modules).
 *
 * Run: BASELINE_DIR=/tmp/base ROUNDS=20 node --import tsx bench/pieces-side-by-side.ts
 */
import { readFileSync } from 'node:fs';
import type { PieceRunner } from '../packages/engine/src/index';
import { createMemoryHost, FlowEngine } from '../packages/engine/src/index';
import { code, flow, pieceAction } from '../packages/shared/src/testing';
import { NpmPieceHost } from '../packages/pieces/src/index';
import { localPieceRunner } from '../packages/pieces/src/testing/piece-flows';
import { printTable } from './support';

/** The part of either checkout's NpmPieceHost this benchmark uses. */
type Host = Parameters<typeof localPieceRunner>[0];

const baselineDir = process.env['BASELINE_DIR'];
if (!baselineDir) throw new Error('Set BASELINE_DIR to the checkout to compare with');
const baselineModule = (await import(`${baselineDir}/packages/pieces/src/index.ts`)) as {
  NpmPieceHost: new (options: { poolSize: number }) => Host;
};
const hosts = {
  baseline: new baselineModule.NpmPieceHost({ poolSize: 1 }),
  current: new NpmPieceHost({ poolSize: 1 }),
};
const engineOf = (pieces: PieceRunner) => new FlowEngine({ host: createMemoryHost({ pieces }) });
const current = engineOf(localPieceRunner(hosts.current));
const ten = (step: (i: number) => ReturnType<typeof code>) =>
  flow(...Array.from({ length: 10 }, (_, i) => step(i)));
const npmFlow = ten((i) =>
  pieceAction(`step_${i + 1}`, '@activepieces/piece-data-mapper', '0.3.15', 'advanced_mapping', {
    mapping: { n: i },
  }),
);

interface Case {
  label: string;
  engine: FlowEngine;
  version: ReturnType<typeof flow>;
  flows: number;
  host?: Host;
}
const cases: Case[] = [
  {
    label: 'trivial code step',
    engine: current,
    version: ten((i) => code(`step_${i + 1}`, 'return { n: inputs.n + 1 };', { n: i })),
    flows: 100,
  },
  {
    label: 'built-in piece (math addition)',
    engine: current,
    version: ten((i) =>
      pieceAction(`step_${i + 1}`, '@activepieces/piece-math-helper', '0.0.16', 'addition_math', {
        first_number: i,
        second_number: 1,
      }),
    ),
    flows: 100,
  },
  {
    label: 'npm piece, baseline',
    engine: engineOf(localPieceRunner(hosts.baseline)),
    version: npmFlow,
    flows: 20,
    host: hosts.baseline,
  },
  { label: 'npm piece, this checkout', engine: current, version: npmFlow, flows: 20, host: hosts.current },
];

/** CPU time (µs) the host's piece processes used so far, from /proc (Linux). */
function pieceProcessCpu(host: Host | undefined): number {
  const children = (
    host as unknown as { pool?: { children?: Set<{ process: { pid?: number } }> } } | undefined
  )?.pool?.children;
  let total = 0;
  for (const child of children ?? []) {
    const fields = readFileSync(`/proc/${child.process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    total += (Number(fields[11]) + Number(fields[12])) * 10_000;
  }
  return total;
}

for (const { label, engine, version } of cases) {
  for (let i = 0; i < 20; i++) {
    const run = await engine.execute({ flowVersion: version, triggerPayload: {} });
    if (run.status !== 'SUCCEEDED') throw new Error(`${label}: ${run.status}`);
  }
}
const rounds = Number(process.env['ROUNDS'] ?? 20);
const perStep = new Map<string, number[]>();
const cpu = new Map<string, { host: number; piece: number; steps: number }>();
for (let round = 0; round < rounds; round++) {
  for (const { label, engine, version, flows, host } of cases) {
    const hostCpu = process.cpuUsage();
    const pieceCpu = pieceProcessCpu(host);
    const start = performance.now();
    for (let i = 0; i < flows; i++) await engine.execute({ flowVersion: version, triggerPayload: {} });
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(hostCpu);
    const sums = cpu.get(label) ?? { host: 0, piece: 0, steps: 0 };
    cpu.set(label, {
      host: sums.host + used.user + used.system,
      piece: sums.piece + pieceProcessCpu(host) - pieceCpu,
      steps: sums.steps + flows * 10,
    });
    perStep.set(label, [...(perStep.get(label) ?? []), (elapsed / flows / 10) * 1000]);
  }
}
await Promise.all(Object.values(hosts).map((host) => host.close()));
const rows = cases.map(({ label }) => {
  const sorted = [...perStep.get(label)!].sort((a, b) => a - b);
  const { host, piece, steps } = cpu.get(label)!;
  return [
    label,
    `${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} µs`,
    `${sorted[0]!.toFixed(1)} µs`,
    `${(host / steps).toFixed(1)} µs`,
    `${(piece / steps).toFixed(1)} µs`,
  ];
});
printTable(
  ['10-step flow of', 'median per step', 'best round', 'host CPU/step', 'piece process CPU/step'],
  rows,
);
