import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { PiecePropertyDefinition } from '../framework/piece-definition';
import { toPieceMetadata } from '../catalogue/to-piece-metadata';
import { listTimeZoneOptions } from './common/time-zones';
import { findBuiltinPiece } from './index';

/**
 * Compares the built-in pieces with the Activepieces packages installed as dev dependencies:
 * same actions and triggers, same input names, types, required flags and defaults.
 */
const require = createRequire(import.meta.url);

interface ReferenceStep {
  props: Record<string, PiecePropertyDefinition>;
}
interface ReferencePiece {
  categories?: string[];
  minimumSupportedRelease?: string;
  actions(): Record<string, ReferenceStep>;
  triggers(): Record<string, ReferenceStep>;
}

function loadReference(name: string): ReferencePiece {
  const module = require(name) as Record<string, unknown>;
  const piece = Object.values(module).find(
    (value) => (value as object | null)?.constructor?.name === 'Piece',
  );
  if (!piece) throw new Error(`${name} exports no piece`);
  return piece as ReferencePiece;
}

const shape = (props: Record<string, PiecePropertyDefinition>) =>
  Object.fromEntries(
    Object.entries(props).map(([name, prop]) => [
      name,
      { type: prop.type, required: prop.required, defaultValue: prop.defaultValue },
    ]),
  );

/** Reference steps Piecework does not implement. */
const NOT_IMPLEMENTED: string[] = [];

describe.each([
  '@activepieces/piece-webhook',
  '@activepieces/piece-schedule',
  '@activepieces/piece-delay',
  '@activepieces/piece-store',
  '@activepieces/piece-data-mapper',
  '@activepieces/piece-subflows',
])('%s', (name) => {
  const reference = loadReference(name);
  const builtin = findBuiltinPiece(name);
  if (!builtin) throw new Error(`no built-in ${name}`);

  it.each([
    ['actions', reference.actions(), builtin.actions],
    ['triggers', reference.triggers(), builtin.triggers],
  ] as const)('has the same %s with the same inputs', (_, referenceSteps, builtinSteps) => {
    const expected = Object.fromEntries(
      Object.entries(referenceSteps)
        .filter(([step]) => !NOT_IMPLEMENTED.includes(step))
        .map(([step, { props }]) => [step, shape(props)]),
    );
    const actual = Object.fromEntries(
      Object.entries(builtinSteps).map(([step, { props }]) => [step, shape(props)]),
    );
    expect(actual).toEqual(expected);
  });

  it('has the same catalogue metadata: categories, releases, error handling, test strategy, AI metadata', () => {
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    const pick = (source: object, keys: string[]) =>
      plain(Object.fromEntries(keys.map((key) => [key, (source as Record<string, unknown>)[key]])));
    const ACTION_FIELDS = ['errorHandlingOptions', 'audience', 'classification', 'aiMetadata'];
    const TRIGGER_FIELDS = ['testStrategy', 'classification', 'aiMetadata'];
    const described = (piece: {
      categories?: string[];
      minimumSupportedRelease?: string;
      actions: Record<string, object>;
      triggers: Record<string, object>;
    }) => ({
      categories: piece.categories,
      minimumSupportedRelease: piece.minimumSupportedRelease,
      actions: Object.fromEntries(
        Object.entries(piece.actions).map(([step, action]) => [step, pick(action, ACTION_FIELDS)]),
      ),
      triggers: Object.fromEntries(
        Object.entries(piece.triggers).map(([step, trigger]) => [step, pick(trigger, TRIGGER_FIELDS)]),
      ),
    });
    const expected = described({
      categories: reference.categories,
      minimumSupportedRelease: reference.minimumSupportedRelease,
      actions: reference.actions(),
      triggers: reference.triggers(),
    });
    expect(described(toPieceMetadata(builtin))).toEqual(expected);
  });
});

describe('time zones', () => {
  it('offer every zone the Activepieces schedule piece offers', () => {
    const { timezoneOptions } = require('@activepieces/piece-schedule/src/lib/common') as {
      timezoneOptions: { value: string }[];
    };
    const offered = new Set(listTimeZoneOptions().map((option) => option.value));
    expect(timezoneOptions.map((option) => option.value).filter((zone) => !offered.has(zone))).toEqual([]);
  });
});
