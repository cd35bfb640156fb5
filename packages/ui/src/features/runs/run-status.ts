/**
 * How a run's status (and a step's) is shown, and what can be done with a run in each status:
 * which statuses a retry from the failed step accepts (the server's list) and which runs can be
 * canceled. One table, so the badge, the icon and the actions never disagree.
 */
import { FlowRunStatus, isTerminalRunStatus, type StepOutputStatus } from '@piecework/shared';

/** The look of a status: a badge class of `styles/app.css` and an icon character. */
export interface StatusLook {
  readonly label: string;
  readonly badge: 'success' | 'danger' | 'warning' | 'info' | '';
  readonly icon: string;
}

const S = FlowRunStatus.enum;

const RUN_LOOKS: Record<FlowRunStatus, StatusLook> = {
  [S.SUCCEEDED]: { label: 'Succeeded', badge: 'success', icon: '✓' },
  [S.FAILED]: { label: 'Failed', badge: 'danger', icon: '✕' },
  [S.INTERNAL_ERROR]: { label: 'Internal error', badge: 'danger', icon: '✕' },
  [S.TIMEOUT]: { label: 'Timed out', badge: 'danger', icon: '⏱' },
  [S.MEMORY_LIMIT_EXCEEDED]: { label: 'Memory limit exceeded', badge: 'danger', icon: '✕' },
  [S.LOG_SIZE_EXCEEDED]: { label: 'Log size exceeded', badge: 'danger', icon: '✕' },
  [S.QUOTA_EXCEEDED]: { label: 'Quota exceeded', badge: 'warning', icon: '!' },
  [S.CANCELED]: { label: 'Canceled', badge: '', icon: '⊘' },
  [S.PAUSED]: { label: 'Paused', badge: 'warning', icon: '❚❚' },
  [S.QUEUED]: { label: 'Queued', badge: 'info', icon: '…' },
  [S.RUNNING]: { label: 'Running', badge: 'info', icon: '↻' },
};

const STEP_LOOKS: Record<StepOutputStatus, StatusLook> = {
  SUCCEEDED: RUN_LOOKS.SUCCEEDED,
  FAILED: RUN_LOOKS.FAILED,
  PAUSED: RUN_LOOKS.PAUSED,
  RUNNING: RUN_LOOKS.RUNNING,
};

/** The look of a run status. */
export function runStatusLook(status: FlowRunStatus): StatusLook {
  return RUN_LOOKS[status];
}

/** The look of a step record's status. */
export function stepStatusLook(status: StepOutputStatus): StatusLook {
  return STEP_LOOKS[status];
}

/** Every run status with its label, in the order the status filter lists them. */
export const RUN_STATUS_OPTIONS: readonly { value: FlowRunStatus; label: string }[] = [
  S.SUCCEEDED,
  S.FAILED,
  S.RUNNING,
  S.QUEUED,
  S.PAUSED,
  S.CANCELED,
  S.TIMEOUT,
  S.INTERNAL_ERROR,
  S.QUOTA_EXCEEDED,
  S.MEMORY_LIMIT_EXCEEDED,
  S.LOG_SIZE_EXCEEDED,
].map((value) => ({ value, label: RUN_LOOKS[value].label }));

/**
 * The statuses `POST /v1/flow-runs/:id/retry` accepts with FROM_FAILED_STEP (any other is 409):
 * the server's `RETRYABLE_STATUSES`.
 */
const RETRYABLE_FROM_FAILED_STEP: readonly FlowRunStatus[] = [
  S.FAILED,
  S.TIMEOUT,
  S.MEMORY_LIMIT_EXCEEDED,
  S.LOG_SIZE_EXCEEDED,
  S.INTERNAL_ERROR,
  S.QUOTA_EXCEEDED,
];

/** Whether a run in `status` can be retried from its failed step. */
export function canRetryFromFailedStep(status: FlowRunStatus): boolean {
  return RETRYABLE_FROM_FAILED_STEP.includes(status);
}

/**
 * Whether a run in `status` can be canceled: any run still in progress (QUEUED and PAUSED ones end
 * at once, a RUNNING one is stopped with the steps it finished).
 */
export function canCancel(status: FlowRunStatus): boolean {
  return !isTerminalRunStatus(status);
}
