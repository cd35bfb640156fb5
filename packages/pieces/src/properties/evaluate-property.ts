import { bindBuiltinEnv, builtinEnvFrom } from '../context/builtin-env';
import type { PieceServices } from '../context/piece-services';
import type { PieceDefinition } from '../framework/piece-definition';
import { errorMessage } from '../errors/error-message';
import { applyDefaults } from '../props';
import { propertyContext } from './property-context';

/** Which property to evaluate, with what (`POST /v1/pieces/options`). */
export interface PropertyRequest {
  pieceName: string;
  pieceVersion: string;
  actionOrTriggerName: string;
  propertyName: string;
  /** The step's input so far (refreshers' values); `auth` is the connection VALUE, not a reference. */
  input: Record<string, unknown>;
  searchValue?: string | undefined;
  projectId: string;
}

/**
 * What evaluating a property gave: its `options()` answer (DROPDOWN, MULTI_SELECT_DROPDOWN; the
 * declared options of a STATIC one) or its `props()` answer (DYNAMIC), or why not:
 * `NOT_FOUND` (no such action, trigger or property), `NOT_EVALUABLE` (a property of another
 * type) or `ERROR` (the piece's function failed or timed out).
 */
export type PropertyOutcome =
  | { status: 'OK'; type: string; options: unknown }
  | { status: 'FAILED'; reason: 'NOT_FOUND' | 'NOT_EVALUABLE' | 'ERROR'; message: string };

type Evaluable = { type: string; options?: unknown; props?: unknown };

/**
 * Evaluates one DROPDOWN or DYNAMIC property of a piece, as the builder asks for its choices:
 * the input gets the props' defaults and `auth`, and the function its design-time context.
 * Run it where the piece's code may run: in a piece process for npm pieces.
 */
export async function evaluateProperty(
  definition: PieceDefinition,
  request: PropertyRequest,
  services: PieceServices,
  auth: unknown,
): Promise<PropertyOutcome> {
  const label = `${definition.name}@${definition.version}`;
  const step =
    definition.actions[request.actionOrTriggerName] ?? definition.triggers[request.actionOrTriggerName];
  if (!step) {
    return {
      status: 'FAILED',
      reason: 'NOT_FOUND',
      message: `Piece ${label} has no action or trigger named '${request.actionOrTriggerName}'`,
    };
  }
  const property = step.props[request.propertyName] as Evaluable | undefined;
  if (!property) {
    return {
      status: 'FAILED',
      reason: 'NOT_FOUND',
      message: `${label} '${request.actionOrTriggerName}' has no property named '${request.propertyName}'`,
    };
  }
  const { auth: _reference, ...rest } = request.input;
  const input = { ...applyDefaults(step.props, rest), auth };
  // Built-in pieces reach their host's services (the tables piece: its tables) through it.
  const context = bindBuiltinEnv(
    propertyContext({
      services,
      projectId: request.projectId,
      stepName: request.actionOrTriggerName,
      searchValue: request.searchValue,
    }),
    builtinEnvFrom(services),
  );
  if (property.type === 'STATIC_DROPDOWN' || property.type === 'STATIC_MULTI_SELECT_DROPDOWN') {
    return { status: 'OK', type: property.type, options: property.options };
  }
  const compute = property.type === 'DYNAMIC' ? property.props : property.options;
  if (typeof compute !== 'function') {
    return {
      status: 'FAILED',
      reason: 'NOT_EVALUABLE',
      message: `Property '${request.propertyName}' of ${label} is ${property.type}: only dropdown and dynamic properties have options`,
    };
  }
  try {
    const options: unknown = await (compute as (i: unknown, c: unknown) => Promise<unknown>).call(
      property,
      input,
      context,
    );
    return { status: 'OK', type: property.type, options };
  } catch (error) {
    return {
      status: 'FAILED',
      reason: 'ERROR',
      message: `Piece ${label}: ${errorMessage(error)}`,
    };
  }
}
