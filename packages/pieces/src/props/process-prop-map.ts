import type { PiecePropertyDefinition } from '../framework/piece-definition';
import { applyDefaults } from './apply-defaults';
import { zipColumns } from './array-zip';
import { processFile } from './piece-file';
import type { PropertyMap, PropsErrors } from './property-kinds';
import { asPropertyMap, isNil, isRecord, MULTI_SELECT_TYPES, TEXT_TYPES } from './property-kinds';
import {
  processCheckbox,
  processDateTime,
  processDynamicText,
  processJson,
  processMultiSelect,
  processNumber,
  processObject,
  processText,
} from './scalar-processors';
import { validateProperty } from './validate-property';

/** A prop map's input processed: the values the piece receives and the errors found. */
export interface ProcessedMap {
  value: Record<string, unknown>;
  errors: PropsErrors;
}

/**
 * Processes one prop map (an action's props, a DYNAMIC schema, an ARRAY row, a custom auth's
 * props): defaults first, then each prop by type, then validation. Keys of the input that are
 * not props are kept as they are. `schemas` are the DYNAMIC props' schemas by key.
 */
export function processPropMap(
  props: PropertyMap,
  input: Record<string, unknown>,
  schemas: Record<string, PropertyMap | undefined> = {},
): ProcessedMap {
  const defaulted = applyDefaults(props, input);
  const value = { ...defaulted };
  const errors: PropsErrors = {};
  for (const [key, property] of Object.entries(props)) {
    const original = defaulted[key];
    const processed = processProperty(property, original, schemas[key]);
    value[key] = processed.value;
    if (processed.errors) {
      errors[key] = processed.errors;
      continue;
    }
    const messages = validateProperty(property, processed.value, original);
    if (messages.length > 0) errors[key] = messages;
  }
  return { value, errors };
}

type ProcessedProperty = { value: unknown; errors?: PropsErrors[string] };

function processProperty(
  property: PiecePropertyDefinition,
  value: unknown,
  schema: PropertyMap | undefined,
): ProcessedProperty {
  const { type } = property;
  if (TEXT_TYPES.has(type)) return { value: processText(property, value) };
  if (MULTI_SELECT_TYPES.has(type)) return { value: processMultiSelect(value) };
  switch (type) {
    case 'NUMBER':
      return { value: processNumber(value) };
    case 'CHECKBOX':
      return { value: processCheckbox(value) };
    case 'JSON':
      return { value: processJson(value) };
    case 'OBJECT':
      return { value: processObject(value) };
    case 'DATE_TIME':
      return { value: processDateTime(value) };
    case 'FILE': {
      const file = processFile(value, property.streaming === true);
      return 'problem' in file ? { value: undefined, errors: [file.problem] } : { value: file.value };
    }
    case 'ARRAY':
      return processArray(property, value);
    case 'DYNAMIC':
      return processDynamic(property, value, schema);
    default:
      return { value };
  }
}

/** ARRAY with `properties`: zipped into rows, each row processed against `properties`. */
function processArray(property: PiecePropertyDefinition, value: unknown): ProcessedProperty {
  const rowProps = asPropertyMap(property.properties);
  if (!rowProps || isNil(value)) return { value };
  const rows = zipColumns(value).map((row) => processPropMap(rowProps, isRecord(row) ? row : {}));
  const rowErrors = rows.map((row) => row.errors);
  const failed = rowErrors.some((errors) => Object.keys(errors).length > 0);
  return { value: rows.map((row) => row.value), ...(failed ? { errors: { properties: rowErrors } } : {}) };
}

/** DYNAMIC: processed recursively against its schema (from propertySettings) when there is one. */
function processDynamic(
  property: PiecePropertyDefinition,
  value: unknown,
  schema: PropertyMap | undefined,
): ProcessedProperty {
  const parsed = processDynamicText(property, value);
  if (!schema || !isRecord(parsed)) return { value: parsed };
  const nested = processPropMap(schema, parsed);
  return Object.keys(nested.errors).length > 0
    ? { value: nested.value, errors: nested.errors }
    : { value: nested.value };
}
