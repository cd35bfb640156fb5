import { mapStringsDeep } from '../references';
import type { StepBody, TriggerBody } from './step-tree';

/**
 * Returns a new step or trigger body with every `{{ }}` template string of its settings mapped
 * by `fn`: the input map of code and piece steps and triggers, a loop's `items`, a router's
 * condition operands. Code-step source is never touched. Use it to rename or upgrade references.
 */
export function mapStepTemplates<T extends StepBody | TriggerBody>(body: T, fn: (text: string) => string): T {
  switch (body.type) {
    case 'CODE':
    case 'PIECE':
    case 'PIECE_TRIGGER':
      return { ...body, settings: { ...body.settings, input: mapStringsDeep(body.settings.input, fn) } };
    case 'LOOP_ON_ITEMS':
      return { ...body, settings: { ...body.settings, items: fn(body.settings.items) } };
    case 'ROUTER': {
      const branches = body.settings.branches.map((branch) =>
        branch.branchType === 'FALLBACK'
          ? branch
          : {
              ...branch,
              conditions: branch.conditions.map((group) =>
                group.map((condition) => mapStringsDeep(condition, fn)),
              ),
            },
      );
      return { ...body, settings: { ...body.settings, branches } };
    }
    case 'EMPTY':
      return body;
  }
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') {
    if (value.includes('{{')) into.push(value);
  } else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) collectStrings(item, into);
}

/** Template strings per settings object: versions share unchanged inputs, so most saves hit. */
const templateStrings = new WeakMap<object, readonly string[]>();

function templatesOf(value: object): readonly string[] {
  let found = templateStrings.get(value);
  if (!found) {
    const collected: string[] = [];
    collectStrings(value, collected);
    found = collected;
    templateStrings.set(value, found);
  }
  return found;
}

/**
 * The strings holding `{{` among those {@link mapStepTemplates} would map (the same fields),
 * without copying anything; remembered per settings object. Use it to read references.
 */
export function templateStringsOf(body: StepBody | TriggerBody): readonly string[] {
  switch (body.type) {
    case 'CODE':
    case 'PIECE':
    case 'PIECE_TRIGGER':
      return templatesOf(body.settings.input);
    case 'LOOP_ON_ITEMS':
      return body.settings.items.includes('{{') ? [body.settings.items] : [];
    case 'ROUTER':
      return templatesOf(body.settings.branches);
    case 'EMPTY':
      return [];
  }
}
