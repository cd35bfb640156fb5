/**
 * The legacy CODE `artifact` (a base64 ZIP archive of index.ts and package.json) is read into
 * `sourceCode` on import: stored entries (the reference's builder, JSZip) and deflated ones, by
 * the pure-JavaScript ZIP reader and inflater of `shared`.
 */
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findStep } from '../algebra/walk';
import { apply, emptyDraft } from '../algebra/test-builders';
import { readCodeArtifact } from './code-artifact';
import { migrateExport } from './migrate-export';
import { inflateRaw } from './zip/inflate-raw';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

/** A ZIP archive (base64) of `files`, each stored or deflated, as JSZip and zipfile write them. */
function zipBase64(files: Record<string, string>, method: 0 | 8): string {
  const encoder = new TextEncoder();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(encoder.encode(name));
    const raw = Buffer.from(encoder.encode(text));
    const data = method === 8 ? deflateRawSync(raw) : raw;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]).toString('base64');
}

describe('importing code steps saved as an artifact', () => {
  it("reads the built fixture: a deflated artifact with lodash, and the reference's stored one", () => {
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

  it.each<[string, string]>([
    ['not base64', 'not base64!'],
    ['not a ZIP archive', Buffer.from('hello world, this is no archive').toString('base64')],
    ['an archive without index.ts', zipBase64({ 'main.ts': 'export const code = async () => 1;' }, 8)],
    ['a cut-short archive', zipBase64({ 'index.ts': 'export const code = async () => 1;' }, 8).slice(0, 60)],
  ])('refuses %s with CODE_ARTIFACT, naming the step', (_, artifact) => {
    const result = migrateExport({
      displayName: 'Broken artifact',
      trigger: {
        name: 'trigger',
        type: 'EMPTY',
        settings: {},
        nextAction: { name: 'step_1', type: 'CODE', settings: { input: {}, artifact } },
      },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.refusal).toMatchObject({ reason: 'CODE_ARTIFACT', path: 'trigger.nextAction' });
      expect(result.refusal.message).toMatch(
        /artifact cannot be read \(.+\); it should be a base64 ZIP archive/,
      );
    }
  });

  it.each([0, 8] as const)(
    'reads archives with method %s, UTF-8 included, package.json optional',
    (method) => {
      const code = "export const code = async () => 'héllo ✓ 🎉';\n".repeat(50);
      expect(readCodeArtifact(zipBase64({ 'index.ts': code }, method))).toEqual({
        ok: true,
        code,
        packageJson: '{}',
      });
    },
  );
});

describe('inflateRaw', () => {
  it('inflates what zlib deflates, at every level and for any bytes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 5000 }),
          fc.string({ maxLength: 3000 }).map((text) => new TextEncoder().encode(text.repeat(3))),
        ),
        fc.integer({ min: 0, max: 9 }),
        (bytes, level) => {
          const deflated = deflateRawSync(bytes, { level });
          expect(Buffer.from(inflateRaw(deflated, bytes.length, 1 << 20)).equals(Buffer.from(bytes))).toBe(
            true,
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses data that inflates past its limit (a ZIP bomb)', () => {
    const bomb = deflateRawSync(new Uint8Array(1_000_000));
    expect(() => inflateRaw(bomb, 100, 10_000)).toThrow('the data inflates to more than 10000 bytes');
  });
});
