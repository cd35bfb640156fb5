/**
 * The JSON Schema of a tool's arguments guessed from a sample of them (a Callable Flow's sample
 * data): one property per key, typed from its sample value (string, number, boolean, array,
 * object; null or anything else: any type). No sample, or a sample that is not an object (JSON
 * text is parsed first): an open object.
 */

/** The parameters schema of a tool whose arguments look like `sample`. */
export function jsonSchemaOfSample(sample: unknown): Record<string, unknown> {
  const value = typeof sample === 'string' ? parseJson(sample) : sample;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { type: 'object', properties: {}, additionalProperties: true };
  }
  const properties: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) properties[key] = typeOf(item);
  return { type: 'object', properties, required: Object.keys(properties) };
}

function typeOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { type: 'string' };
  if (typeof value === 'number') return { type: 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (Array.isArray(value)) return { type: 'array', items: {} };
  if (value !== null && typeof value === 'object') return { type: 'object' };
  return {};
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
