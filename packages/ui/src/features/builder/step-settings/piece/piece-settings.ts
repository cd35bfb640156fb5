/**
 * The settings of a PIECE step or a PIECE_TRIGGER as its form edits them: whether they make a
 * valid step (an action chosen, the connection set when required, no required property empty),
 * and what choosing another action (or trigger) does to them: its input starts over from the new
 * action's defaults, the connection kept.
 */
import type { ActionMetadata, ErrorHandlingOptions, PieceAuth, PropertySettings } from '@piecework/shared';
import { defaultInput, isEmptyValue, missingRequired } from '../properties/property-values';

/** The settings both kinds share, with the name of the chosen action or trigger. */
export interface PieceSettings {
  readonly pieceName: string;
  readonly pieceVersion: string;
  readonly actionName?: string;
  readonly triggerName?: string;
  readonly input: Record<string, unknown>;
  readonly propertySettings: PropertySettings;
  readonly errorHandlingOptions?: ErrorHandlingOptions;
}

/** The setting naming the chosen one: `actionName` of a step, `triggerName` of a trigger. */
export type PieceNameKey = 'actionName' | 'triggerName';

/** A piece's actions (or triggers) by name, as far as the form reads them. */
export type PieceChoices = Readonly<Record<string, Pick<ActionMetadata, 'props' | 'requireAuth'>>>;

/**
 * Whether action `name` of `choices` needs the step's connection: the piece has `auth` and the
 * action does not opt out (`requireAuth: false`).
 */
export function needsConnection(
  auth: PieceAuth | undefined,
  choices: PieceChoices,
  name: string | undefined,
): boolean {
  return auth !== undefined && name !== undefined && choices[name]?.requireAuth !== false;
}

/**
 * Whether `next` makes a valid step: an action chosen, the connection set when it needs one, no
 * required property empty.
 */
export function pieceSettingsValid(
  next: PieceSettings,
  nameKey: PieceNameKey,
  choices: PieceChoices,
  auth: PieceAuth | undefined,
): boolean {
  const name = next[nameKey];
  const action = name === undefined ? undefined : choices[name];
  if (action === undefined) return false;
  if (needsConnection(auth, choices, name) && isEmptyValue(next.input['auth'])) return false;
  return missingRequired(action.props, next.input, next.propertySettings).length === 0;
}

/**
 * The settings after action (or trigger) `name` is chosen, `''` choosing none: its input starts
 * over from its properties' defaults, the connection (`input.auth`) kept, the property settings
 * cleared.
 */
export function withChosenAction(
  current: PieceSettings,
  nameKey: PieceNameKey,
  name: string,
  choices: PieceChoices,
): PieceSettings {
  const action = choices[name];
  const keptAuth = current.input['auth'] === undefined ? {} : { auth: current.input['auth'] };
  return {
    ...current,
    [nameKey]: name === '' ? undefined : name,
    input: { ...keptAuth, ...(action === undefined ? {} : defaultInput(action.props)) },
    propertySettings: {},
  };
}
