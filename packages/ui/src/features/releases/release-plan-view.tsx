/**
 * The plan of a release as a list: each flow and table it creates, updates (with what changes)
 * or deletes, and the connections the project must get before the released flows can run.
 */
import type { ProjectReleasePlan } from '@piecework/shared';

/** What an operation type reads as, and its badge's look. */
const OPERATIONS: Record<string, { label: string; badge: string }> = {
  CREATE_FLOW: { label: 'New flow', badge: 'success' },
  UPDATE_FLOW: { label: 'Updated flow', badge: 'warning' },
  DELETE_FLOW: { label: 'Deleted flow', badge: 'danger' },
  CREATE_TABLE: { label: 'New table', badge: 'success' },
  UPDATE_TABLE: { label: 'Updated table', badge: 'warning' },
  DELETE_TABLE: { label: 'Deleted table', badge: 'danger' },
};

/** True when the plan changes nothing. */
export function isEmptyPlan(plan: ProjectReleasePlan): boolean {
  return plan.flows.length === 0 && plan.tables.length === 0;
}

/** The plan's changes and missing connections. */
export function ReleasePlanView({ plan }: { plan: ProjectReleasePlan }) {
  const changes = [
    ...plan.flows.map((flow) => ({
      key: `flow-${flow.externalId}`,
      type: flow.type,
      name: flow.displayName,
      details: flow.changes,
    })),
    ...plan.tables.map((table) => ({
      key: `table-${table.externalId}`,
      type: table.type,
      name: table.name,
      // A new or deleted table's fields all come or go with it: only an update lists them.
      details:
        table.type !== 'UPDATE_TABLE'
          ? []
          : [
              ...table.changes,
              ...table.fieldsAdded.map((field) => `field ${field} added`),
              ...table.fieldsRemoved.map((field) => `field ${field} removed`),
              ...table.fieldsChanged.map((field) => `field ${field} changed`),
            ],
    })),
  ];
  return (
    <div className="release-plan">
      {isEmptyPlan(plan) ? (
        <p>Nothing to release: this project already matches.</p>
      ) : (
        <ul aria-label="Changes" className="release-changes">
          {changes.map((change) => {
            const operation = OPERATIONS[change.type] ?? { label: change.type, badge: '' };
            return (
              <li key={change.key}>
                <span className={`badge ${operation.badge}`}>{operation.label}</span>{' '}
                <span>{change.name}</span>
                {change.details.length === 0 ? null : (
                  <span className="muted"> ({change.details.join(', ')})</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {plan.connections.length === 0 ? null : (
        <div className="notice warning" role="note">
          <div>
            <strong>Connections to set up in this project:</strong>
            <ul aria-label="Connections to set up">
              {plan.connections.map((connection) => (
                <li key={connection.externalId}>
                  {connection.displayName} <span className="muted">({connection.pieceName})</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </div>
  );
}
