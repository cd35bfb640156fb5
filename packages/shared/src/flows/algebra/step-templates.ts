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
