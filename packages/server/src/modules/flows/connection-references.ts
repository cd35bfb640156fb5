/**
 * The connections a flow version uses, for its `connectionIds`: the externalIds named by
 * `{{connections['x']}}` in step inputs (a piece step's `input.auth` included), loop items and
 * router conditions. Recomputed on every save of a version.
 */
import { findConnectionReferences, getAllSteps, type Trigger } from '@piecework/shared';

/** The parts of a step's settings that the engine resolves as templates (never code or sample data). */
function templatedSettings(step: ReturnType<typeof getAllSteps>[number]): unknown {
  switch (step.type) {
    case 'PIECE_TRIGGER':
    case 'PIECE':
    case 'CODE':
      return step.settings.input;
    case 'LOOP_ON_ITEMS':
      return step.settings.items;
    case 'ROUTER':
      return step.settings.branches;
    case 'EMPTY':
      return undefined;
  }
}

/**
 * The externalIds of the connections a version's trigger and steps reference, each once, in
 * order of first use. Use it whenever a version is saved, to fill its `connectionIds`.
 *
 * @example
 * ```ts
 * referencedConnectionIds(version.trigger); // ['my-slack', 'gmail']
 * ```
 */
export function referencedConnectionIds(trigger: Trigger): string[] {
  const found = new Set<string>();
  for (const step of getAllSteps(trigger)) {
    for (const name of findConnectionReferences(templatedSettings(step))) found.add(name);
  }
  return [...found];
}
