import type { PropertyMap } from './property-kinds';
import { isNil } from './property-kinds';

/**
 * The input with each prop's `defaultValue` in place of a missing, null or `''` value. The
 * reference platform's builder writes defaults into flows and its engine never applies them;
 * Piecework accepts hand-written flows, so it does. Defaults are copied: a piece that changes
 * its input does not change its own definition.
 */
export function applyDefaults(props: PropertyMap, input: Record<string, unknown>): Record<string, unknown> {
  const result = { ...input };
  for (const [key, property] of Object.entries(props)) {
    if (property.defaultValue === undefined || property.type === 'MARKDOWN') continue;
    const value = result[key];
    if (isNil(value) || value === '') result[key] = copy(property.defaultValue);
  }
  return result;
}

function copy(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
