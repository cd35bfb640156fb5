import type { PiecePropertyDefinition } from '../framework/piece-definition';
import { describeReceived } from './describe-received';
import { isNil, isRecord, MULTI_SELECT_TYPES, TEXT_TYPES } from './property-kinds';

/** The check and Activepieces' message (`..., received: <original value>`) of one type. */
interface TypeCheck {
  accepts(value: unknown): boolean;
  expected: string;
}

const DATE_TIME_EXPECTED = 'Invalid datetime format. Expected ISO format (e.g. 2024-03-14T12:00:00.000Z)';
const FILE_EXPECTED = 'Expected file url or base64 with mimeType';

const text: TypeCheck = { accepts: (value) => typeof value === 'string', expected: 'Expected string' };
const array: TypeCheck = { accepts: Array.isArray, expected: 'Expected array' };
/** The check of a type, or undefined for types Activepieces does not check (dropdowns, DYNAMIC, COLOR, ...). */
function checkOf(type: string): TypeCheck | undefined {
  if (TEXT_TYPES.has(type)) return text;
  if (MULTI_SELECT_TYPES.has(type)) return array;
  switch (type) {
    case 'NUMBER':
      return {
        accepts: (value) => typeof value === 'number' && !Number.isNaN(value),
        expected: 'Expected number',
      };
    case 'CHECKBOX':
      return { accepts: (value) => typeof value === 'boolean', expected: 'Expected boolean' };
    case 'DATE_TIME':
      return { accepts: (value) => typeof value === 'string', expected: DATE_TIME_EXPECTED };
    case 'ARRAY':
      return array;
    case 'OBJECT':
      return { accepts: isRecord, expected: 'Expected object' };
    case 'JSON':
      return { accepts: (value) => value !== '', expected: 'Expected JSON' };
    case 'FILE':
      return { accepts: isRecord, expected: FILE_EXPECTED };
    default:
      return undefined;
  }
}

/**
 * Validates one processed value: a required prop must be present with the right JS type
 * (string, number, boolean, array, object; an object for FILE; a JSON prop only needs to be
 * present), an optional one may be missing but, when present, must have that type too.
 * Like Activepieces, other types (MARKDOWN, dropdowns, DYNAMIC, COLOR, CUSTOM) are
 * not checked. Returns the messages (none when valid).
 */
export function validateProperty(
  property: PiecePropertyDefinition,
  value: unknown,
  original: unknown,
): string[] {
  const check = checkOf(property.type);
  if (!check) return [];
  if (isNil(value)) return property.required ? [message(check, original)] : [];
  if (property.type === 'JSON' && !property.required) return [];
  return check.accepts(value) ? [] : [message(check, original)];
}

function message(check: TypeCheck, original: unknown): string {
  return `${check.expected}, received: ${describeReceived(original)}`;
}
