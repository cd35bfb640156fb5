import type { PiecePropertyDefinition } from '../framework/piece-definition';

/** Properties by name: the `props` of an action, a trigger, a DYNAMIC schema or a CUSTOM_AUTH. */
export type PropertyMap = Record<string, PiecePropertyDefinition>;

/**
 * Validation errors by property name, as Activepieces reports them: messages, the
 * errors of a DYNAMIC prop's (or the auth's) own props, or `{properties: [...]}` with the errors
 * of each row of an ARRAY prop with `properties`.
 */
export interface PropsErrors {
  [key: string]: string[] | PropsErrors | { properties: PropsErrors[] };
}

/** Text kinds: objects become JSON text, `''` becomes undefined when the prop is optional. */
export const TEXT_TYPES: ReadonlySet<string> = new Set(['SHORT_TEXT', 'LONG_TEXT', 'SECRET_TEXT']);

/** Multi-select kinds: the value is coerced to an array. */
export const MULTI_SELECT_TYPES: ReadonlySet<string> = new Set([
  'STATIC_MULTI_SELECT_DROPDOWN',
  'MULTI_SELECT_DROPDOWN',
]);

/** Connection value types an OAUTH2 auth declaration answers for. */
export const OAUTH2_VALUE_TYPES: ReadonlySet<string> = new Set(['OAUTH2', 'CLOUD_OAUTH2', 'PLATFORM_OAUTH2']);

export function isNil(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/** A non-null, non-array object (what OBJECT, DYNAMIC and FILE values are). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A FILE, DYNAMIC or ARRAY schema carried by a property (`properties`, `schema`), if it is one. */
export function asPropertyMap(value: unknown): PropertyMap | undefined {
  return isRecord(value) ? (value as PropertyMap) : undefined;
}
