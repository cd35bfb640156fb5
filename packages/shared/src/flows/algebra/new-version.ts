import { CURRENT_SCHEMA_VERSION, type FlowVersion } from '../flow-version';
import { TRIGGER_NAME } from '../step-name';
import { validateFlowVersion } from './validate-version';

/** What a new draft version needs: its ids, name and creation time. */
export interface NewFlowVersionInput {
  id: string;
  flowId: string;
  displayName: string;
  now: string;
  userId?: string | null;
}

/**
 * The first draft of a new flow: an EMPTY trigger named `trigger`, no steps, no notes, not
 * valid (an EMPTY trigger never is), in the current NESTED reference dialect.
 */
export function createEmptyFlowVersion(input: NewFlowVersionInput): FlowVersion {
  return validateFlowVersion({
    id: input.id,
    created: input.now,
    updated: input.now,
    flowId: input.flowId,
    displayName: input.displayName,
    trigger: {
      name: TRIGGER_NAME,
      valid: false,
      displayName: 'Select Trigger',
      type: 'EMPTY',
      settings: {},
      lastUpdatedDate: input.now,
    },
    updatedBy: input.userId ?? null,
    valid: false,
    schemaVersion: CURRENT_SCHEMA_VERSION,
    state: 'DRAFT',
    connectionIds: [],
    notes: [],
  });
}
