import type { Permission } from './permission';
import type { FlowOperation } from '../flows/operations';

/**
 * The project permission a flow operation needs: UPDATE_FLOW_STATUS to publish or change the
 * status, WRITE_FLOW for everything else. `POST /v1/flows/:id` declares it as its access.
 */
export function permissionForOperation(operation: FlowOperation): Permission {
  return operation.type === 'CHANGE_STATUS' || operation.type === 'LOCK_AND_PUBLISH'
    ? 'UPDATE_FLOW_STATUS'
    : 'WRITE_FLOW';
}
