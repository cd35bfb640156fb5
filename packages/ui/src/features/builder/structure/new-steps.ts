/**
 * The steps and triggers the piece picker creates, as Activepieces' builder makes
 * them: a code step with its starter code, an empty loop, a router with one condition branch and
 * the fallback, a piece action or trigger with its properties' default values. Each gets the
 * name given (a fresh `step_N`, see `nextStepName`).
 */
import {
  defaultBranchConditions,
  type ActionMetadata,
  type PiecePropertyMap,
  type StepInput,
  type StepRequest,
  type TriggerMetadata,
  type TriggerRequest,
  TRIGGER_NAME,
} from '@piecework/shared';

/** The code a new code step starts with (Activepieces'). */
export const DEFAULT_CODE = `export const code = async (inputs) => {\n  return true;\n};`;

/** The piece a picked action or trigger belongs to. */
export interface PickedPiece {
  readonly name: string;
  readonly version: string;
}

const noErrorHandling = { continueOnFailure: { value: false }, retryOnFailure: { value: false } };

/** A CODE step running {@link DEFAULT_CODE} with no inputs. */
export function newCodeStep(name: string): StepRequest {
  return {
    name,
    displayName: 'Code',
    type: 'CODE',
    valid: true,
    settings: {
      sourceCode: { code: DEFAULT_CODE, packageJson: '{}' },
      input: {},
      errorHandlingOptions: noErrorHandling,
    },
  };
}

/** A LOOP_ON_ITEMS step without items yet (not valid until they are chosen). */
export function newLoopStep(name: string): StepRequest {
  return { name, displayName: 'Loop on Items', type: 'LOOP_ON_ITEMS', valid: false, settings: { items: '' } };
}

/** A ROUTER with "Branch 1" (one empty condition, so not valid yet) and the "Otherwise" fallback. */
export function newRouterStep(name: string): StepRequest {
  return {
    name,
    displayName: 'Router',
    type: 'ROUTER',
    valid: false,
    settings: {
      executionType: 'EXECUTE_FIRST_MATCH',
      branches: [
        { branchType: 'CONDITION', branchName: 'Branch 1', conditions: defaultBranchConditions() },
        { branchType: 'FALLBACK', branchName: 'Otherwise' },
      ],
    },
  };
}

/** The default values of `props` (those that declare one), as a step's first input. */
export function defaultInput(props: PiecePropertyMap): StepInput {
  const input: StepInput = {};
  for (const [key, prop] of Object.entries(props)) {
    if (prop.type !== 'MARKDOWN' && prop.defaultValue !== undefined) input[key] = prop.defaultValue;
  }
  return input;
}

/** Whether every required property (MARKDOWN aside) has a value in `input`. */
export function requiredPropsFilled(props: PiecePropertyMap, input: StepInput): boolean {
  return Object.entries(props).every(([key, prop]) => {
    if (!prop.required || prop.type === 'MARKDOWN') return true;
    const value = input[key];
    return value !== undefined && value !== null && value !== '';
  });
}

/** A PIECE step running `action` of `piece`, its defaults filled in. */
export function newPieceStep(name: string, piece: PickedPiece, action: ActionMetadata): StepRequest {
  const input = defaultInput(action.props);
  return {
    name,
    displayName: action.displayName,
    type: 'PIECE',
    valid: requiredPropsFilled(action.props, input),
    settings: {
      pieceName: piece.name,
      pieceVersion: piece.version,
      actionName: action.name,
      input,
      propertySettings: {},
      errorHandlingOptions: {
        continueOnFailure: { value: action.errorHandlingOptions?.continueOnFailure?.defaultValue ?? false },
        retryOnFailure: { value: action.errorHandlingOptions?.retryOnFailure?.defaultValue ?? false },
      },
    },
  };
}

/** The UPDATE_TRIGGER request that makes `trigger` of `piece` the flow's trigger. */
export function newPieceTrigger(piece: PickedPiece, trigger: TriggerMetadata): TriggerRequest {
  const input = defaultInput(trigger.props);
  return {
    name: TRIGGER_NAME,
    displayName: trigger.displayName,
    type: 'PIECE_TRIGGER',
    valid: requiredPropsFilled(trigger.props, input),
    settings: {
      pieceName: piece.name,
      pieceVersion: piece.version,
      triggerName: trigger.name,
      input,
      propertySettings: {},
    },
  };
}
