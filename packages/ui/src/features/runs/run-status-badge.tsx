/** A run's or a step's status as a coloured badge with an icon, e.g. "✓ Succeeded". */
import type { FlowRunStatus, StepOutputStatus } from '@piecework/shared';
import { runStatusLook, stepStatusLook, type StatusLook } from './run-status';

function Badge({ look }: { look: StatusLook }) {
  return (
    <span className={`badge status-badge ${look.badge}`}>
      <span aria-hidden="true">{look.icon}</span> {look.label}
    </span>
  );
}

/** The badge of a run's status; use in tables and the run header. */
export function RunStatusBadge({ status }: { status: FlowRunStatus }) {
  return <Badge look={runStatusLook(status)} />;
}

/** The badge of a step record's status; use beside a selected step's details. */
export function StepStatusBadge({ status }: { status: StepOutputStatus }) {
  return <Badge look={stepStatusLook(status)} />;
}
