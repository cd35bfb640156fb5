/**
 * The legacy CODE `artifact` (a base64 ZIP archive of index.ts and package.json) is read into
 * `sourceCode` on import: stored entries (Activepieces' builder, JSZip) and deflated ones.
 * Artifacts that would take unbounded memory (ZIP bombs, many artifacts adding up) are refused
 * with a reason, naming the step.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findStep } from '../algebra/walk';
import { apply, emptyDraft } from '../../testing';
import { readCodeArtifact } from './code-artifact';
import { migrateExport } from './migrate-export';
import { layOutArtifact, zipArtifact, zipBomb } from './test-archives';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

const MiB = 1024 * 1024;

/** A flow export whose steps are CODE steps kept as `artifacts`, one after the other. */
function exportWithArtifacts(artifacts: string[]): unknown {
  const steps = artifacts.reduceRight<unknown>(
    (next, artifact, i) => ({
      name: `step_${String(i + 1)}`,
      type: 'CODE',
      settings: { input: {}, artifact },
      ...(next === null ? {} : { nextAction: next }),
    }),
    null,
  );
  return {
    displayName: 'Code artifacts',
    trigger: { name: 'trigger', type: 'EMPTY', settings: {}, nextAction: steps },
  };
}

describe('importing code steps saved as an artifact', () => {
  it("reads the built fixture: a deflated artifact with lodash, and Activepieces' stored one", () => {
    const result = migrateExport(fixture('built-code-artifact-template'));
    if (!result.ok) throw new Error(result.refusal.message);
    const version = apply(emptyDraft(), { type: 'IMPORT_FLOW', request: result.flows[0]!.request });
    const settingsOf = (name: string) => {
      const step = findStep(version, name);
      if (step?.type !== 'CODE') throw new Error(`${name} is not a code step`);
      return step.settings;
    };
    expect(settingsOf('step_1').sourceCode.code).toMatch(
      /^import _ from 'lodash';\n[\s\S]*_\.groupBy\(rows, 'country'\)/,
    );
    expect(JSON.parse(settingsOf('step_1').sourceCode.packageJson)).toEqual({
      dependencies: { lodash: '^4.17.21' },
    });
    expect(settingsOf('step_2').sourceCode).toEqual({
      code: 'export const code = async (inputs) => {\n    return JSON.parse(inputs.chatgpt);\n};\n',
      packageJson: '{\n  "dependencies": {\n  }\n}\n',
    });
    expect(settingsOf('step_2')).not.toHaveProperty('artifact');
  });

  it.each<[string, string, string]>([
    ['not base64', 'not base64!', 'it is not base64 text'],
    ['not a ZIP archive', btoa('hello world, this is no archive'), 'it is not a ZIP archive'],
    [
      'an archive without index.ts',
      zipArtifact({ 'main.ts': 'export const code = async () => 1;' }),
      'it holds no index.ts',
    ],
    [
      'a cut-short archive',
      zipArtifact({ 'index.ts': 'export const code = async () => 1;' }).slice(0, 60),
      'it is not a ZIP archive',
    ],
    [
      'a 13 KiB ZIP bomb: 100 directory entries sharing 5 MiB of deflated zeros',
      zipBomb({ inflatedBytes: 5 * MiB, entries: 100 }),
      'it has more than 64 entries',
    ],
    [
      'a ZIP bomb of index.ts, index.js and package.json sharing 5 MiB of deflated zeros',
      zipBomb({ inflatedBytes: 5 * MiB, entries: 3 }),
      'index.ts is larger than 262144 bytes',
    ],
    [
      'an index.ts that declares 100 bytes and inflates to 5 MiB',
      layOutArtifact([{ name: 'index.ts', data: new Uint8Array(5 * MiB), declaredSize: 100 }]),
      'index.ts inflates to more than the 100 bytes it declares',
    ],
  ])('refuses %s with CODE_ARTIFACT, naming the step and why', (_, artifact, why) => {
    const result = migrateExport(exportWithArtifacts([artifact]));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.refusal).toMatchObject({ reason: 'CODE_ARTIFACT', path: 'trigger.nextAction' });
      expect(result.refusal.message).toBe(
        `a CODE step's artifact cannot be read (${why}); it should be a base64 ZIP archive of index.ts and package.json`,
      );
    }
  });

  it('refuses the 65,535-entry ZIP bomb (3.3 MB, 320 GiB inflated) from its directory, inflating nothing', () => {
    const bomb = zipBomb({ inflatedBytes: 5 * MiB, entries: 65_535 });
    expect(readCodeArtifact(bomb)).toEqual({ ok: false, reason: 'it has more than 64 entries' });
  });

  it.each<[number, string | null]>([
    [32, null],
    [33, `trigger${'.nextAction'.repeat(33)}`],
  ])(
    'reads %s artifacts of 256 KiB in one export only while they hold 8 MiB or less together',
    (count, refusedAt) => {
      const artifact = zipArtifact({ 'index.ts': 'x'.repeat(MiB / 4) });
      const result = migrateExport(exportWithArtifacts(Array.from({ length: count }, () => artifact)));
      if (refusedAt === null) expect(result.ok).toBe(true);
      else
        expect(result).toMatchObject({
          ok: false,
          refusal: {
            reason: 'CODE_ARTIFACT',
            path: refusedAt,
            message: expect.stringContaining(
              'the code artifacts of one import may hold 8388608 bytes together',
            ) as unknown,
          },
        });
    },
  );

  it.each([0, 6] as const)(
    'reads archives at deflate level %s, UTF-8 included, package.json optional',
    (level) => {
      const code = "export const code = async () => 'héllo ✓ 🎉';\n".repeat(50);
      expect(readCodeArtifact(zipArtifact({ 'index.ts': code }, level))).toEqual({
        ok: true,
        code,
        packageJson: '{}',
      });
    },
  );
});
