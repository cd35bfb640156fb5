/**
 * The plan of a release: what releasing a source {@link ProjectState} into a target project
 * changes, flow by flow (matched by externalId), computed without writing anything. A flow is
 * updated only when something a release carries differs: its name, steps or notes (compared in a
 * canonical form), whether it is published, or its status.
 */
import type { FlowState, ProjectReleasePlan, ProjectState } from '@piecework/shared';
import type { CapturedFlow, CapturedProject } from './capture-project-state';
import { comparableParts, releasedVersion } from './flow-state';
import { planTables, type CapturedTable, type TableStep } from './release-tables';

/** What differs in an updated flow, as the plan names it. */
export type FlowChange = 'displayName' | 'steps' | 'notes' | 'published' | 'status';

/** One flow change of a release, with what applying it needs. */
export type FlowStep =
  | { readonly type: 'CREATE_FLOW'; readonly source: FlowState }
  | {
      readonly type: 'UPDATE_FLOW';
      readonly source: FlowState;
      readonly target: CapturedFlow;
      readonly changes: readonly FlowChange[];
    }
  | { readonly type: 'DELETE_FLOW'; readonly target: CapturedFlow };

/** Everything a release does, in the order it is applied (creates, updates, then deletes). */
export interface ReleaseSteps {
  readonly flows: readonly FlowStep[];
  readonly tables: readonly TableStep[];
  readonly plan: ProjectReleasePlan;
}

/**
 * The version of `target` a source flow is compared with: its published version when the source
 * flow is published (falling back to its latest), else its latest version (a release of a draft
 * updates the target's draft).
 */
function comparedVersion(source: FlowState, target: CapturedFlow) {
  return source.published ? (target.published ?? target.latest) : target.latest;
}

/** What differs between source flow `source` and the target's flow of the same externalId. */
export function flowChanges(source: FlowState, target: CapturedFlow): FlowChange[] {
  const wanted = comparableParts(source.version);
  const current = comparableParts(releasedVersion(comparedVersion(source, target)));
  const changes: FlowChange[] = [];
  if (wanted.displayName !== current.displayName) changes.push('displayName');
  if (wanted.steps !== current.steps) changes.push('steps');
  if (wanted.notes !== current.notes) changes.push('notes');
  if (source.published && target.published === null) changes.push('published');
  if (source.status !== target.status) changes.push('status');
  return changes;
}

/**
 * The steps and the plan of releasing `source` into the project `target` (its flows and
 * connections) and `targetTables` (its tables) were captured from.
 */
export function planRelease(
  source: ProjectState,
  target: CapturedProject,
  targetTables: ReadonlyMap<string, CapturedTable>,
): ReleaseSteps {
  const creates: FlowStep[] = [];
  const updates: FlowStep[] = [];
  const sourceIds = new Set<string>();
  for (const flow of source.flows) {
    sourceIds.add(flow.externalId);
    const existing = target.flows.get(flow.externalId);
    if (existing === undefined) {
      creates.push({ type: 'CREATE_FLOW', source: flow });
      continue;
    }
    const changes = flowChanges(flow, existing);
    if (changes.length > 0) updates.push({ type: 'UPDATE_FLOW', source: flow, target: existing, changes });
  }
  const deletes: FlowStep[] = [...target.flows.values()]
    .filter((flow) => !sourceIds.has(flow.externalId))
    .map((flow) => ({ type: 'DELETE_FLOW', target: flow }));
  const flows = [...creates, ...updates, ...deletes];
  const present = new Set(target.connections.map((connection) => connection.externalId));
  const tables = planTables(source.tables, targetTables);
  return {
    flows,
    tables: tables.steps,
    plan: {
      flows: flows.map((step) => ({
        type: step.type,
        externalId: step.type === 'DELETE_FLOW' ? step.target.externalId : step.source.externalId,
        displayName:
          step.type === 'DELETE_FLOW'
            ? (step.target.published ?? step.target.latest).displayName
            : step.source.version.displayName,
        changes: step.type === 'UPDATE_FLOW' ? [...step.changes] : [],
      })),
      tables: tables.plan,
      connections: source.connections
        .filter((connection) => !present.has(connection.externalId))
        .map(({ externalId, displayName, pieceName, type }) => ({
          externalId,
          displayName,
          pieceName,
          type,
        })),
      connectionsCreated: false,
    },
  };
}
