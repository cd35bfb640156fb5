/**
 * A flow version in the form a release carries and compares (`FlowState.version`): the
 * IMPORT_FLOW request that recreates it, without what the server sets on every save (steps'
 * `lastUpdatedDate`, notes' owners and times) and without sample data (which belongs to the
 * project it was captured in). Connection references are kept (they name connections by
 * externalId, which the target resolves).
 */
import {
  type FlowState,
  type FlowStatus,
  type FlowVersion,
  type FlowOperationRequest,
  type Note,
} from '@piecework/shared';

type ImportFlowRequest = FlowOperationRequest<'IMPORT_FLOW'>;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A trigger or step tree (walked through its links only) with `step` applied to each node's own fields. */
function mapStepTree(
  node: unknown,
  step: (fields: Record<string, unknown>) => Record<string, unknown>,
): unknown {
  if (typeof node !== 'object' || node === null) return node;
  const { nextAction, firstLoopAction, children, ...fields } = node as Record<string, unknown>;
  const result = step(fields);
  if (nextAction !== undefined) result['nextAction'] = mapStepTree(nextAction, step);
  if (firstLoopAction !== undefined) result['firstLoopAction'] = mapStepTree(firstLoopAction, step);
  if (Array.isArray(children)) result['children'] = children.map((child) => mapStepTree(child, step));
  return result;
}

/** A step's fields without `lastUpdatedDate` and `settings.sampleData` (set by the server). */
function withoutServerFields(fields: Record<string, unknown>): Record<string, unknown> {
  const { lastUpdatedDate: _lastUpdatedDate, settings, ...rest } = fields;
  if (typeof settings !== 'object' || settings === null) return { ...rest, settings };
  const { sampleData: _sampleData, ...kept } = settings as Record<string, unknown>;
  return { ...rest, settings: kept };
}

function releasedNote(note: Note): NonNullable<ImportFlowRequest['notes']>[number] {
  return { id: note.id, content: note.content, color: note.color, position: note.position, size: note.size };
}

/** The IMPORT_FLOW request that recreates `version` in another project. */
export function releasedVersion(version: FlowVersion): ImportFlowRequest {
  return {
    displayName: version.displayName,
    trigger: mapStepTree(version.trigger, withoutServerFields) as ImportFlowRequest['trigger'],
    schemaVersion: version.schemaVersion ?? null,
    notes: version.notes.map(releasedNote),
  };
}

/** The {@link FlowState} of a flow: `version` is its published version, or its latest when unpublished. */
export function flowStateOf(
  externalId: string,
  status: FlowStatus,
  published: boolean,
  version: FlowVersion,
): FlowState {
  return { externalId, published, status, version: releasedVersion(version) };
}

/** JSON text of `value` with object keys sorted at every depth: equal for equal content. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedKeys(value));
}

function sortedKeys(value: unknown): Json {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return (value ?? null) as Json;
  const result: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort()) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) result[key] = sortedKeys(field);
  }
  return result;
}

/**
 * The parts of a released version that a release compares, each as canonical JSON: a step's
 * `valid` is left out (the target recomputes it when it saves the version), and so are a note's
 * owner and times.
 */
export function comparableParts(version: ImportFlowRequest): {
  displayName: string;
  steps: string;
  notes: string;
} {
  const steps = mapStepTree(version.trigger, (fields) => {
    const { valid: _valid, ...rest } = withoutServerFields(fields);
    return rest;
  });
  const notes = (version.notes ?? []).map(({ ownerId: _o, createdAt: _c, updatedAt: _u, ...note }) => note);
  return { displayName: version.displayName, steps: canonicalJson(steps), notes: canonicalJson(notes) };
}
