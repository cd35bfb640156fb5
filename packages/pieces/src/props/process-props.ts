import { processAuth, type AuthInput } from './process-auth';
import { processPropMap } from './process-prop-map';
import type { PropertyMap, PropsErrors } from './property-kinds';
import { asPropertyMap, isRecord } from './property-kinds';

/** What {@link processProps} needs: the props, the step's resolved input and how to read it. */
export interface ProcessPropsInput {
  /** The action's or trigger's props. */
  props: PropertyMap;
  /** The step's input with templates resolved. An `auth` key here is ignored: pass it as `auth.value`. */
  input: Record<string, unknown>;
  /** The step's `propertySettings`: `propertySettings[key].schema` is the schema of DYNAMIC prop `key`. */
  propertySettings?: Record<string, unknown>;
  /** The piece's auth declaration and the connection value; undefined when the piece has no auth. */
  auth: AuthInput | undefined;
  /** Whether the action uses the piece's auth (the framework's `requireAuth`, default true). */
  requireAuth: boolean;
}

/** The props as the piece receives them, or why the step fails. */
export type ProcessPropsResult =
  | { ok: true; propsValue: Record<string, unknown>; auth: unknown }
  | { ok: false; message: string; errors: PropsErrors };

/**
 * Activepieces' props pipeline for one step: applies `defaultValue`s, processes each
 * prop by type (text, numbers, checkboxes, JSON, objects, dates to UTC ISO, multi-selects to
 * arrays, ARRAY rows zipped, DYNAMIC props against their schema, FILE data URIs to files, the
 * auth's own props) and validates the result. Any error fails the step with the errors as JSON,
 * e.g. `{"delayFor":["Expected number, received: abc"]}`.
 *
 * @example
 * ```ts
 * const result = processProps({ props: action.props, input: { delayFor: '5' }, auth: undefined, requireAuth: false });
 * if (result.ok) await action.run({ ...ctx, propsValue: result.propsValue }); // delayFor: 5
 * ```
 */
export function processProps(options: ProcessPropsInput): ProcessPropsResult {
  const { auth: _auth, ...input } = options.input;
  const errors: PropsErrors = {};
  const auth = processAuth(options.auth, options.requireAuth);
  if (auth.errors) errors.auth = auth.errors;
  const processed = processPropMap(options.props, input, dynamicSchemas(options.propertySettings));
  Object.assign(errors, processed.errors);
  if (Object.keys(errors).length > 0) return { ok: false, message: JSON.stringify(errors), errors };
  return { ok: true, propsValue: processed.value, auth: auth.value };
}

/** The DYNAMIC schemas stored in a step's `propertySettings` (`{[key]: {schema}}`). */
export function dynamicSchemas(
  propertySettings: Record<string, unknown> | undefined,
): Record<string, PropertyMap | undefined> {
  return Object.fromEntries(
    Object.entries(propertySettings ?? {}).map(([key, settings]) => [
      key,
      isRecord(settings) ? asPropertyMap(settings.schema) : undefined,
    ]),
  );
}
