import type {
  ActionDefinition,
  PieceDefinition,
  TriggerContext,
  TriggerDefinition,
} from './piece-definition';

/**
 * A trigger as built-in pieces declare it: a {@link TriggerDefinition} plus Activepieces'
 * `onStart` hook (run when a run is created from the trigger's event; sub-flows use it
 * to keep the caller's callback URL).
 */
export interface BuiltinTriggerDefinition extends TriggerDefinition {
  onStart?(ctx: TriggerContext): Promise<void>;
}

/** What {@link createPiece} takes: the piece's metadata and its actions and triggers as lists. */
export interface CreatePieceOptions extends Omit<PieceDefinition, 'actions' | 'triggers'> {
  actions: ActionDefinition[];
  triggers: BuiltinTriggerDefinition[];
}

function byName<T extends { name: string }>(pieceName: string, kind: string, items: T[]): Record<string, T> {
  const record: Record<string, T> = {};
  for (const item of items) {
    if (Object.hasOwn(record, item.name)) {
      throw new Error(`Piece ${pieceName} declares the ${kind} ${item.name} twice`);
    }
    record[item.name] = item;
  }
  return record;
}

/**
 * Builds a {@link PieceDefinition} from lists of actions and triggers, keyed by their names.
 * Throws if two actions (or two triggers) share a name.
 *
 * @example
 * ```ts
 * export const dataMapper = createPiece({
 *   name: '@activepieces/piece-data-mapper',
 *   displayName: 'Data Mapper',
 *   description: 'tools to manipulate data structure',
 *   logoUrl: 'https://cdn.activepieces.com/pieces/new-core/data-mapper.svg',
 *   authors: [],
 *   version: '0.3.15',
 *   actions: [advancedMapping],
 *   triggers: [],
 * });
 * ```
 */
export function createPiece(options: CreatePieceOptions): PieceDefinition {
  const { actions, triggers, ...metadata } = options;
  return {
    ...metadata,
    actions: byName(options.name, 'action', actions),
    triggers: byName(options.name, 'trigger', triggers),
  };
}

/** The error-handling defaults the Activepieces framework gives an action that declares none. */
export const DEFAULT_ERROR_HANDLING_OPTIONS = {
  continueOnFailure: { defaultValue: false },
  retryOnFailure: { defaultValue: false },
} as const;

/**
 * Declares an action. As on Activepieces, `requireAuth` defaults to `true` and
 * `errorHandlingOptions` to `DEFAULT_ERROR_HANDLING_OPTIONS`.
 */
export function createAction(definition: ActionDefinition): ActionDefinition {
  return {
    requireAuth: true,
    errorHandlingOptions: structuredClone(DEFAULT_ERROR_HANDLING_OPTIONS),
    ...definition,
  };
}

/**
 * Declares a trigger. As on Activepieces, `requireAuth` defaults to `true`, and
 * `testStrategy` (unless given) is TEST_FUNCTION for POLLING and MANUAL triggers, for WEBHOOK
 * ones with a `test`, and for APP_WEBHOOK ones with a `test` or sample data; SIMULATION otherwise.
 */
export function createTrigger(definition: BuiltinTriggerDefinition): BuiltinTriggerDefinition {
  return { requireAuth: true, testStrategy: testStrategyOf(definition), ...definition };
}

function testStrategyOf(trigger: TriggerDefinition): 'SIMULATION' | 'TEST_FUNCTION' {
  const hasTest = typeof trigger.test === 'function';
  switch (trigger.type) {
    case 'WEBHOOK':
      return hasTest ? 'TEST_FUNCTION' : 'SIMULATION';
    case 'APP_WEBHOOK':
      return hasTest || (trigger.sampleData !== undefined && trigger.sampleData !== null)
        ? 'TEST_FUNCTION'
        : 'SIMULATION';
    default:
      return 'TEST_FUNCTION';
  }
}
