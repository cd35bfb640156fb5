/**
 * A step of the flow as UPDATE_ACTION takes it back: its own fields without its links
 * (`nextAction`, `firstLoopAction`, `children`), the server-set `lastUpdatedDate` and the stored
 * sample data. Use it to change one field of a step (a router's branches, its name) and send it.
 */
import type { Step, StepRequest } from '@piecework/shared';

/** The UPDATE_ACTION request that leaves `step` as it is. */
export function stepRequestOf(step: Step): StepRequest {
  switch (step.type) {
    case 'CODE': {
      const { nextAction: _next, lastUpdatedDate: _date, settings, ...fields } = step;
      const { sampleData: _sample, ...rest } = settings;
      return { ...fields, settings: rest };
    }
    case 'PIECE': {
      const { nextAction: _next, lastUpdatedDate: _date, settings, ...fields } = step;
      const { sampleData: _sample, ...rest } = settings;
      return { ...fields, settings: rest };
    }
    case 'LOOP_ON_ITEMS': {
      const { nextAction: _next, firstLoopAction: _body, lastUpdatedDate: _date, settings, ...fields } = step;
      const { sampleData: _sample, ...rest } = settings;
      return { ...fields, settings: rest };
    }
    case 'ROUTER': {
      const { nextAction: _next, children: _children, lastUpdatedDate: _date, settings, ...fields } = step;
      const { sampleData: _sample, ...rest } = settings;
      return { ...fields, settings: rest };
    }
  }
}
