/**
 * When a piece-computed dropdown or DYNAMIC property asks for its options again: when the
 * step's connection (`input.auth`) or one of the property's `refreshers` changes value, not
 * when any other input does.
 */
import type { PieceProperty } from '@piecework/shared';
import type { InputValues } from './property-values';

/** The names of the properties whose change recomputes `property`'s options. */
export function refreshersOf(property: PieceProperty): string[] {
  const refreshers = (property as { refreshers?: unknown }).refreshers;
  return Array.isArray(refreshers)
    ? refreshers.filter((name): name is string => typeof name === 'string')
    : [];
}

/**
 * The values `property`'s options depend on in the step's `input`, as one key: the options are
 * asked again when it changes ('' without a step to compute them for).
 */
export function refreshKey(input: InputValues | undefined, property: PieceProperty): string {
  return input === undefined
    ? ''
    : JSON.stringify([input['auth'] ?? null, ...refreshersOf(property).map((key) => input[key] ?? null)]);
}
