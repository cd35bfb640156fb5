import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlowVersion } from '@piecework/shared';
import { canonicalJson, comparableParts, releasedVersion } from './flow-state';

/** Any JSON value: what step inputs hold. */
const json = fc.jsonValue();

/** The same object with its keys in another order, at every depth. */
function reordered(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item) => reordered(item, seed));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, field]) => [key, reordered(field, seed)] as const);
  const rotated =
    entries.length === 0
      ? entries
      : [...entries.slice(seed % entries.length), ...entries.slice(0, seed % entries.length)];
  return Object.fromEntries(rotated.reverse());
}

function versionWith(
  input: unknown,
  extra: { lastUpdatedDate?: string; sampleDataFileId?: string; valid?: boolean },
): FlowVersion {
  return {
    id: 'v1',
    created: '2026-01-01T00:00:00.000Z',
    updated: '2026-01-01T00:00:00.000Z',
    flowId: 'f1',
    displayName: 'Flow',
    valid: true,
    state: 'DRAFT',
    updatedBy: null,
    connectionIds: [],
    schemaVersion: null,
    notes: [],
    trigger: {
      name: 'trigger',
      displayName: 'Webhook',
      type: 'PIECE_TRIGGER',
      valid: true,
      ...(extra.lastUpdatedDate === undefined ? {} : { lastUpdatedDate: extra.lastUpdatedDate }),
      settings: {
        pieceName: '@activepieces/piece-webhook',
        pieceVersion: '0.1.29',
        triggerName: 'catch_webhook',
        propertySettings: {},
        input: { payload: input },
      },
      nextAction: {
        name: 'step_1',
        displayName: 'Code',
        type: 'CODE',
        valid: extra.valid ?? true,
        ...(extra.lastUpdatedDate === undefined ? {} : { lastUpdatedDate: extra.lastUpdatedDate }),
        settings: {
          sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' },
          input: { payload: input },
          ...(extra.sampleDataFileId === undefined
            ? {}
            : { sampleData: { sampleDataFileId: extra.sampleDataFileId } }),
        },
      },
    },
  } as unknown as FlowVersion;
}

describe('the canonical form releases compare', () => {
  it('is the same whatever the order of object keys', () => {
    fc.assert(
      fc.property(json, fc.nat(), (value, seed) => {
        expect(canonicalJson(reordered(value, seed))).toBe(canonicalJson(value));
      }),
    );
  });

  it('is equal exactly for equal values', () => {
    const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
    fc.assert(
      fc.property(json, json, fc.boolean(), (a, b, same) => {
        const other = same ? reordered(a, 1) : b;
        expect(canonicalJson(a) === canonicalJson(other)).toBe(
          isDeepStrictEqual(roundTrip(a), roundTrip(other)),
        );
      }),
    );
  });

  it('ignores what the server sets on save (times, sample data, validity), never the steps themselves', () => {
    fc.assert(
      fc.property(
        json,
        json,
        fc.date({ noInvalidDate: true }),
        fc.string(),
        fc.boolean(),
        (input, other, when, file, valid) => {
          const plain = comparableParts(releasedVersion(versionWith(input, {})));
          const saved = comparableParts(
            releasedVersion(
              versionWith(input, { lastUpdatedDate: when.toISOString(), sampleDataFileId: file, valid }),
            ),
          );
          expect(saved).toEqual(plain);
          if (canonicalJson(input) !== canonicalJson(other)) {
            expect(comparableParts(releasedVersion(versionWith(other, {}))).steps).not.toBe(plain.steps);
          }
        },
      ),
    );
  });

  it('keeps connection references and drops sample data from the released version', () => {
    const version = versionWith("{{connections['crm']}}", {
      sampleDataFileId: 'file-1',
      lastUpdatedDate: 'x',
    });
    const text = JSON.stringify(releasedVersion(version));
    expect(text).toContain("{{connections['crm']}}");
    expect(text).not.toContain('file-1');
    expect(text).not.toContain('lastUpdatedDate');
  });
});
