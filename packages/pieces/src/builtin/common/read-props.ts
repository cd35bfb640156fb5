/**
 * Defensive readers of processed input (`ctx.propsValue`). The props pipeline already applied
 * defaults and validated types, but built-in actions may also be called directly: each reader
 * checks what it needs and throws an Error naming the input, which fails the step with it.
 */
export type PropsValue = Record<string, unknown>;

/** A short description of a value for error messages (never the whole value). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return value.length > 40 ? `the text "${value.slice(0, 40)}..."` : `the text "${value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return `the ${typeof value} ${String(value)}`;
  return `a value of type ${typeof value}`;
}

const isMissing = (value: unknown) => value === undefined || value === null;

function toText(key: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`Input "${key}" must be text, got ${describeValue(value)}`);
}

/** A text input that must be set (the empty string counts as set). Numbers become text. */
export function requiredText(props: PropsValue, key: string): string {
  const value = props[key];
  if (isMissing(value)) throw new Error(`Input "${key}" is required`);
  return toText(key, value);
}

/** A text input that may be missing; missing, null and the empty string give `undefined`. */
export function optionalText(props: PropsValue, key: string): string | undefined {
  const value = props[key];
  if (isMissing(value) || value === '') return undefined;
  return toText(key, value);
}

function toNumber(key: string, value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new Error(`Input "${key}" must be a number, got ${describeValue(value)}`);
  }
  return number;
}

/** A number input that must be set; numeric text is accepted. */
export function requiredNumber(props: PropsValue, key: string): number {
  const value = props[key];
  if (isMissing(value) || value === '') throw new Error(`Input "${key}" is required`);
  return toNumber(key, value);
}

/** A number input that may be missing (`undefined` then). */
export function optionalNumber(props: PropsValue, key: string): number | undefined {
  const value = props[key];
  if (isMissing(value) || value === '') return undefined;
  return toNumber(key, value);
}

/** A whole number input that must be set and lie in `[min, max]`. */
export function requiredInteger(props: PropsValue, key: string, min: number, max: number): number {
  const number = requiredNumber(props, key);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(
      `Input "${key}" must be a whole number from ${min} to ${max}, got ${describeValue(number)}`,
    );
  }
  return number;
}

/** A checkbox input; missing gives `fallback`; the texts "true" and "false" are accepted. */
export function optionalBoolean(props: PropsValue, key: string, fallback = false): boolean {
  const value = props[key];
  if (isMissing(value) || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`Input "${key}" must be true or false, got ${describeValue(value)}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object input (OBJECT, DYNAMIC, JSON object) that may be missing; JSON text is parsed. */
export function optionalRecord(props: PropsValue, key: string): Record<string, unknown> | undefined {
  let value = props[key];
  if (isMissing(value) || value === '') return undefined;
  if (typeof value === 'string') value = parseJson(key, value);
  if (!isRecord(value)) throw new Error(`Input "${key}" must be an object, got ${describeValue(value)}`);
  return value;
}

/** Parses JSON text, naming the input when it is not valid JSON. */
export function parseJson(key: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Input "${key}" is not valid JSON: ${(error as Error).message}`);
  }
}

/** A dropdown input whose value must be one of `allowed`; missing gives `fallback` if there is one. */
export function choice<T extends string | number>(
  props: PropsValue,
  key: string,
  allowed: readonly T[],
  fallback?: T,
): T {
  const value = props[key];
  if ((isMissing(value) || value === '') && fallback !== undefined) return fallback;
  if (!allowed.includes(value as T)) {
    throw new Error(`Input "${key}" must be one of ${allowed.join(', ')}, got ${describeValue(value)}`);
  }
  return value as T;
}
