/**
 * bench/pieces: per-step overhead of piece steps, beside a trivial code step measured in the same
 * run: a flow of 10 built-in piece steps (in-process) and one of 10 npm-piece steps (unmodified
 * `@activepieces/piece-data-mapper`, in a warm isolated process).
 *
 * Run: npm run bench:pieces
 */
import { createMemoryHost, FlowEngine } from '../packages/engine/src/index';
import { code, flow, pieceAction } from '../packages/shared/src/testing';
import { NpmPieceHost } from '../packages/pieces/src/index';
import { localPieceRunner } from '../packages/pieces/src/testing/piece-flows';
import { printTable } from './support';

const npm = new NpmPieceHost({ poolSize: 1 });
const pieces = localPieceRunner(npm);
const engine = new FlowEngine({ host: createMemoryHost({ pieces }) });

const flows = {
  'trivial code step': flow(
    ...Array.from({ length: 10 }, (_, i) => code(`step_${i + 1}`, 'return { n: inputs.n + 1 };', { n: i })),
  ),
  'built-in piece (math addition)': flow(
    ...Array.from({ length: 10 }, (_, i) =>
      pieceAction(`step_${i + 1}`, '@activepieces/piece-math-helper', '0.0.16', 'addition_math', {
        first_number: i,
        second_number: 1,
      }),
    ),
  ),
  'npm piece (data-mapper 0.3.15)': flow(
    ...Array.from({ length: 10 }, (_, i) =>
      pieceAction(`step_${i + 1}`, '@activepieces/piece-data-mapper', '0.3.15', 'advanced_mapping', {
        mapping: { n: i },
      }),
    ),
  ),
};

const rows: string[][] = [];
let codePerStep = 0;
for (const [label, version] of Object.entries(flows)) {
  const rounds = label.startsWith('npm') ? 50 : 500;
  for (let i = 0; i < Math.max(5, rounds / 5); i++) {
    const warm = await engine.execute({ flowVersion: version, triggerPayload: {} });
    if (warm.status !== 'SUCCEEDED')
      throw new Error(`${label}: ${warm.status} ${'message' in warm ? warm.message : ''}`);
  }
  const start = performance.now();
  for (let i = 0; i < rounds; i++) await engine.execute({ flowVersion: version, triggerPayload: {} });
  const perStep = ((performance.now() - start) / rounds / 10) * 1000;
  codePerStep ||= perStep;
  rows.push([label, `${perStep.toFixed(1)} µs/step`, `${(perStep / codePerStep).toFixed(1)}x`]);
}
await npm.close();
printTable(['10-step flow of', 'per step', 'vs code step (same run)'], rows);
