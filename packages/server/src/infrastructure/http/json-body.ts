/**
 * The one policy for JSON request bodies, on the REST API and on webhook and resume requests alike
 * (what a caller sends is refused the same way wherever it goes):
 * - nesting deeper than {@link MAX_JSON_DEPTH} objects and arrays is refused: parsing such text is
 *   fine, but every recursive walk after it (serialising the run, validating, the engine) would
 *   overflow the stack;
 * - a `__proto__` key, or a `constructor` key holding a `prototype` key, is refused (Fastify's own
 *   `onProtoPoisoning`/`onConstructorPoisoning: 'error'` check, by the same `secure-json-parse`),
 *   so such keys never become data that a later `Object.assign` or merge could turn into a
 *   prototype.
 * Both answer 400 `VALIDATION` with `params.reason` (`JSON_TOO_DEEP`, `PROTOTYPE_KEY`).
 */
import { PieceworkError } from '@piecework/shared';
import secureJson from 'secure-json-parse';

/** Deepest nesting of objects and arrays a JSON body may have. */
export const MAX_JSON_DEPTH = 512;

/** What {@link readJsonText} made of a text: its value, or `ok: false` when it is not JSON at all. */
export type JsonReading = { ok: true; value: unknown } | { ok: false };

const BYTE_ORDER_MARK = 0xfeff;

/**
 * Reads `text` as a JSON body. Answers `{ok: false}` when it is not JSON (each caller decides
 * what that means: the REST API refuses it, a webhook keeps the text); throws 400 `VALIDATION`
 * when it is JSON this policy refuses.
 */
export function readJsonText(text: string): JsonReading {
  const source = text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
  let value: unknown;
  try {
    value = secureJson.parse(source, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    if (!isJson(source)) return { ok: false };
    throw prototypeKeyRefusal();
  }
  if (exceedsDepth(source, MAX_JSON_DEPTH)) {
    throw new PieceworkError(
      'VALIDATION',
      {
        message: `The body nests objects and arrays deeper than ${String(MAX_JSON_DEPTH)} levels`,
        reason: 'JSON_TOO_DEEP',
        maxDepth: MAX_JSON_DEPTH,
      },
      400,
    );
  }
  return { ok: true, value };
}

/**
 * The refusal of a body with a key that could reach a prototype (`__proto__`, `constructor` holding
 * `prototype`): JSON bodies here, multipart field names where they are read.
 */
export function prototypeKeyRefusal(): PieceworkError {
  return new PieceworkError(
    'VALIDATION',
    {
      message: 'The body has a __proto__ key, or a constructor key holding a prototype key',
      reason: 'PROTOTYPE_KEY',
    },
    400,
  );
}

/** Reads `text` as the JSON body of a REST call: anything but acceptable JSON is 400 `VALIDATION`. */
export function parseJsonBody(text: string): unknown {
  const reading = readJsonText(text);
  if (reading.ok) return reading.value;
  throw new PieceworkError(
    'VALIDATION',
    { message: text.trim() === '' ? 'The JSON body is empty' : 'The body is not valid JSON' },
    400,
  );
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether well-formed JSON `text` nests containers deeper than `max`. A text of `n` characters
 * nests at most `n / 2` deep, so short texts (nearly every body) are not scanned at all.
 */
export function exceedsDepth(text: string, max: number): boolean {
  if (text.length <= 2 * max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}
