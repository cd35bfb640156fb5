/**
 * A step as the settings panel edits it: the body of an UPDATE_ACTION or UPDATE_TRIGGER request
 * (the step without its links, its server-set `lastUpdatedDate` and its sample data, which the
 * server keeps). The panel's draft is one of these; saving sends it whole.
 */
import {
  STEP_OWN_ISSUE_CODES,
  type FlowOperation,
  type FlowVersion,
  type StepRequest,
  type TriggerRequest,
} from '@piecework/shared';
import type { AnyStep } from './step-scope';

/** The editable fields of a step or of the trigger. */
export type EditableStep = StepRequest | TriggerRequest;

/** Whether the edited step is the trigger. */
export function isTriggerRequest(step: EditableStep): step is TriggerRequest {
  return step.type === 'EMPTY' || step.type === 'PIECE_TRIGGER';
}

/**
 * Whether `step` is valid on its own in `version`: no issue of its own (incomplete settings, or
 * marked invalid by the editor). A step invalid only through flow-wide checks (a reference) is
 * valid on its own, and must be sent as such, or the server would keep it marked invalid.
 */
export function validOnItsOwn(step: AnyStep, version: Pick<FlowVersion, 'validationIssues'>): boolean {
  const issues = version.validationIssues;
  if (issues === undefined) return step.valid;
  return !issues.some((issue) => issue.stepName === step.name && STEP_OWN_ISSUE_CODES.has(issue.code));
}

/**
 * The request body of `step` as stored (links, `lastUpdatedDate` and `settings.sampleData`
 * removed), with `valid` its validity on its own (see {@link validOnItsOwn}).
 */
export function editableOf(step: AnyStep, valid: boolean): EditableStep {
  const { settings } = step;
  const { sampleData: _sampleData, ...kept } = settings as Record<string, unknown>;
  const base = { name: step.name, displayName: step.displayName, valid };
  const skip = 'skip' in step && step.skip !== undefined ? { skip: step.skip } : {};
  return { ...base, ...skip, type: step.type, settings: kept } as EditableStep;
}

/**
 * `draft` with what the panel never edits taken from the step as the server has it now: `skip`
 * (set on the canvas) and a router's settings (its branches, edited in the router panel), so a
 * save from the panel never undoes a change made there meanwhile.
 */
export function withServerOwnedFields(draft: EditableStep, server: AnyStep): EditableStep {
  if (isTriggerRequest(draft) || server.type === 'EMPTY' || server.type === 'PIECE_TRIGGER') return draft;
  const current = editableOf(server, draft.valid);
  const skip = 'skip' in current ? { skip: current.skip } : {};
  const { skip: _skip, ...rest } = draft;
  const settings = draft.type === 'ROUTER' && current.type === 'ROUTER' ? current.settings : draft.settings;
  return { ...rest, ...skip, settings } as EditableStep;
}

/** The flow operation that saves `step`. */
export function saveOperation(step: EditableStep): FlowOperation {
  return isTriggerRequest(step)
    ? { type: 'UPDATE_TRIGGER', request: step }
    : { type: 'UPDATE_ACTION', request: step };
}

/**
 * A text that is equal for two steps exactly when the user would see the same settings: `valid`
 * (the server's verdict) is left out, so the server's answer to a save matches the draft sent.
 */
export function contentKey(step: EditableStep): string {
  const { valid: _valid, ...rest } = step;
  return stableJson(rest);
}

/** JSON with object keys sorted, so key order does not make two equal values differ. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(
      Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}
