import { FlowOperationError } from '../../common/errors';
import type { FlowVersion } from '../flow-version';
import type { StepRequest } from '../step';
import type { Trigger, TriggerRequest } from '../trigger';
import { assertCodeSourceAcceptable } from './code-source-limits';
import { validateFlowVersion } from './validate-version';
import { isStepComplete, isTriggerComplete } from './validity';
import {
  linkTree,
  locateStep,
  unlinkTree,
  type StepBody,
  type StepLocation,
  type StepTree,
  type TriggerBody,
} from './step-tree';

/**
 * What an operation needs from the world, given by the caller so the algebra stays pure:
 * `now` (ISO timestamp for `lastUpdatedDate`, `updated`, note times) and the acting user.
 */
export interface FlowOperationContext {
  now: string;
  userId?: string | null;
}

/** Throws the typed error of an operation that cannot apply. */
export function fail(message: string, details: Record<string, unknown> = {}): never {
  throw new FlowOperationError(message, details);
}

/** Refuses to edit a LOCKED version (the server makes a new draft first). */
export function assertEditable(version: FlowVersion): void {
  if (version.state === 'LOCKED') {
    fail(`flow version ${version.id} is locked; edit the draft instead`, { versionId: version.id });
  }
}

/**
 * Returns a new version with the given fields replaced, `updated`/`updatedBy` stamped and
 * validity recomputed (`validateFlowVersion`: `valid`, each step's `valid`, `validationIssues`).
 * Every operation ends here.
 */
export function finishVersion(
  version: FlowVersion,
  changes: Partial<FlowVersion>,
  context: FlowOperationContext,
): FlowVersion {
  const next: FlowVersion = { ...version, ...changes, updated: context.now };
  if (context.userId !== undefined) next.updatedBy = context.userId;
  return validateFlowVersion(next);
}

/**
 * Applies an edit of the step tree: the version is unlinked into its editable form, `edit`
 * changes the arrays (never the shared step bodies), and a new version is linked back.
 */
export function editStepTree(
  version: FlowVersion,
  context: FlowOperationContext,
  edit: (tree: StepTree) => void,
): FlowVersion {
  assertEditable(version);
  const tree = unlinkTree(version.trigger);
  edit(tree);
  return finishVersion(version, { trigger: linkTree(tree) }, context);
}

/** The location of a named step, or a FLOW_OPERATION_INVALID error naming it. */
export function requireStep(tree: StepTree, name: string, role = 'step'): StepLocation {
  const location = locateStep(tree, name);
  if (!location) fail(`${role} '${name}' does not exist in this flow version`, { stepName: name });
  return location;
}

/** Strips a leading `~` or `^` from a piece version so that only exact versions are stored. */
export function exactPieceVersion(version: string): string {
  return version.replace(/^[~^]/, '');
}

/**
 * The stored body of a step sent in ADD_ACTION / UPDATE_ACTION / IMPORT_FLOW: links and
 * sample data dropped, piece version exact, `lastUpdatedDate` stamped, and `valid` = what the
 * client said AND the settings are complete. Code over the size limit or with invalid text is
 * refused (`assertCodeSourceAcceptable`).
 */
export function stepBodyFromRequest(request: StepRequest | StepBody, now: string): StepBody {
  const {
    nextAction: _n,
    firstLoopAction: _f,
    children: _c,
    ...fields
  } = request as StepRequest & Record<'nextAction' | 'firstLoopAction' | 'children', unknown>;
  const { sampleData: _sampleData, ...settings } = fields.settings as typeof fields.settings & {
    sampleData?: unknown;
  };
  if ('pieceVersion' in settings) settings.pieceVersion = exactPieceVersion(settings.pieceVersion);
  const body = { ...fields, settings, lastUpdatedDate: now } as StepBody;
  if (body.type === 'CODE') assertCodeSourceAcceptable(body.name, body.settings);
  body.valid = (request.valid ?? true) && isStepComplete(body);
  return body;
}

/** The stored body of a trigger sent in UPDATE_TRIGGER / IMPORT_FLOW (same rules as steps). */
export function triggerBodyFromRequest(request: TriggerRequest | Trigger, now: string): TriggerBody {
  const { nextAction: _n, ...fields } = request as Trigger;
  const settings = { ...fields.settings } as Record<string, unknown>;
  delete settings.sampleData;
  if (typeof settings.pieceVersion === 'string')
    settings.pieceVersion = exactPieceVersion(settings.pieceVersion);
  const body = { ...fields, settings, lastUpdatedDate: now } as TriggerBody;
  body.valid = (request.valid ?? true) && isTriggerComplete(body);
  return body;
}
