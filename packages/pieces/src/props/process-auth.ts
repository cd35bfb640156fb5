import { describeReceived } from './describe-received';
import { processPropMap } from './process-prop-map';
import type { PropsErrors } from './property-kinds';
import { asPropertyMap, isNil, isRecord, OAUTH2_VALUE_TYPES } from './property-kinds';

/** One auth declaration of a piece (`PieceAuth.SecretText(...)`, `CustomAuth`, `OAuth2`, ...). */
export type AuthDefinition = Record<string, unknown>;

/** A piece's auth and the connection value a step gives it. */
export interface AuthInput {
  /** The piece's auth: one declaration, several (the connection's `type` picks one), or none. */
  definition: AuthDefinition | readonly AuthDefinition[] | undefined;
  /** The resolved connection value (`{type: 'SECRET_TEXT', secret_text}`, `{type: 'CUSTOM_AUTH', props}`, ...). */
  value: unknown;
}

/** The auth value a piece receives, or the errors found in it. */
export type ProcessedAuth = { value: unknown; errors?: PropsErrors[string] };

/**
 * Processes a connection value against the piece's auth declaration: picks the declaration
 * answering the value's `type`; completes a hand-written shorthand (a bare string for
 * SECRET_TEXT, bare props for CUSTOM_AUTH) into the connection shape; processes the props of a
 * CUSTOM_AUTH or OAUTH2 connection like any props (defaults, types, validation). A missing
 * connection where the piece requires one is an error. Without `requireAuth` the value is
 * handed over as it is.
 */
export function processAuth(auth: AuthInput | undefined, requireAuth: boolean): ProcessedAuth {
  if (!auth || !requireAuth) return { value: auth?.value };
  const definition = pickDefinition(auth.definition, auth.value);
  if (!definition || definition.type === 'NO_AUTH') return { value: auth.value };
  if (isNil(auth.value)) {
    return definition.required === false
      ? { value: auth.value }
      : { value: auth.value, errors: [`Expected a connection, received: ${describeReceived(auth.value)}`] };
  }
  const value = completeShorthand(definition, auth.value);
  const props = asPropertyMap(definition.props);
  if (!props || !isRecord(value) || (definition.type !== 'CUSTOM_AUTH' && definition.type !== 'OAUTH2')) {
    return { value };
  }
  const processed = processPropMap(props, isRecord(value.props) ? value.props : {});
  const result = { ...value, props: processed.value };
  return Object.keys(processed.errors).length > 0
    ? { value: result, errors: processed.errors }
    : { value: result };
}

function pickDefinition(definition: AuthInput['definition'], value: unknown): AuthDefinition | undefined {
  const list: readonly AuthDefinition[] = isNil(definition)
    ? []
    : Array.isArray(definition)
      ? definition
      : [definition];
  if (list.length <= 1) return list[0];
  const type = isRecord(value) ? value.type : typeof value === 'string' ? 'SECRET_TEXT' : undefined;
  const wanted = typeof type === 'string' && OAUTH2_VALUE_TYPES.has(type) ? 'OAUTH2' : type;
  return list.find((candidate) => candidate.type === wanted) ?? list[0];
}

function completeShorthand(definition: AuthDefinition, value: unknown): unknown {
  if (definition.type === 'SECRET_TEXT' && typeof value === 'string')
    return { type: 'SECRET_TEXT', secret_text: value };
  if (definition.type === 'CUSTOM_AUTH' && isRecord(value) && value.type === undefined) {
    return { type: 'CUSTOM_AUTH', props: value };
  }
  if (definition.type === 'BASIC_AUTH' && isRecord(value) && value.type === undefined) {
    return { type: 'BASIC_AUTH', ...value };
  }
  return value;
}
