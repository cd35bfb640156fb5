/**
 * The tables a flow's tables-piece steps name. Steps and triggers of `@activepieces/piece-tables`
 * address a table by its EXTERNAL id in their `table_id` input; a template carries those tables'
 * definitions (by the same externalId), so using it elsewhere can create them, and, when the
 * project already has a table with that externalId, give the new one a fresh externalId and
 * rewrite every `table_id` naming it.
 */
import { getAllSteps, type Step, type Trigger } from '@piecework/shared';

/** The piece whose steps and triggers address tables by `table_id`. */
export const TABLES_PIECE = '@activepieces/piece-tables';

/** The input that names a table (its external id) in the tables piece's steps and triggers. */
const TABLE_ID_INPUT = 'table_id';

/** The external ids the tables-piece steps and trigger of `trigger`'s flow name, each once, in step order. */
export function tableExternalIdsOf(trigger: Trigger): string[] {
  const ids = new Set<string>();
  for (const step of getAllSteps(trigger)) {
    if (step.type !== 'PIECE' && step.type !== 'PIECE_TRIGGER') continue;
    if (step.settings.pieceName !== TABLES_PIECE) continue;
    const value = step.settings.input[TABLE_ID_INPUT];
    if (typeof value === 'string' && value !== '') ids.add(value);
  }
  return [...ids];
}

/**
 * The flow `trigger` with every tables-piece `table_id` that `renamed` maps rewritten to its new
 * external id, in the trigger and in every step (loops and router branches included). Other
 * inputs and steps are unchanged; the input is not modified.
 */
export function withTableIdsRenamed(trigger: Trigger, renamed: ReadonlyMap<string, string>): Trigger {
  if (renamed.size === 0) return trigger;
  const nextAction = renamedStep(trigger.nextAction, renamed);
  if (trigger.type === 'EMPTY') return { ...trigger, nextAction };
  return {
    ...trigger,
    settings: renamedSettings(trigger.settings, renamed),
    nextAction,
  };
}

function renamedStep(step: Step | null | undefined, renamed: ReadonlyMap<string, string>): Step | undefined {
  if (step === null || step === undefined) return undefined;
  const nextAction = renamedStep(step.nextAction, renamed);
  switch (step.type) {
    case 'LOOP_ON_ITEMS':
      return { ...step, firstLoopAction: renamedStep(step.firstLoopAction, renamed), nextAction };
    case 'ROUTER':
      return {
        ...step,
        children: step.children.map((child) => renamedStep(child, renamed) ?? null),
        nextAction,
      };
    case 'CODE':
      return { ...step, nextAction };
    case 'PIECE':
      return { ...step, settings: renamedSettings(step.settings, renamed), nextAction };
  }
}

function renamedSettings<S extends { pieceName: string; input: Record<string, unknown> }>(
  settings: S,
  renamed: ReadonlyMap<string, string>,
): S {
  if (settings.pieceName !== TABLES_PIECE) return settings;
  const current = settings.input[TABLE_ID_INPUT];
  const replacement = typeof current === 'string' ? renamed.get(current) : undefined;
  if (replacement === undefined) return settings;
  return { ...settings, input: { ...settings.input, [TABLE_ID_INPUT]: replacement } };
}
