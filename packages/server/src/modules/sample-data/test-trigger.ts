/**
 * `POST /v1/test-trigger` (the Activepieces route): the builder asks for sample data of a
 * flow version's trigger. TEST_FUNCTION calls the trigger's `test` hook in test mode (store keys
 * `test_`-prefixed, apart from the enabled flow's state) and answers its items newest first as
 * trigger events, saving the first as the trigger's sample data; SIMULATION answers no items:
 * sample data then comes from a real request to the flow's `/v1/webhooks/:flowId/test` URL,
 * which this server always accepts.
 */
import {
  generateId,
  type Page,
  type TestTriggerRequest,
  type TriggerEventWithPayload,
} from '@piecework/shared';
import { auditActorOf } from '../audit-events/record-audit-event';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { invalidRequest, notFound, ruleViolation } from '../../infrastructure/errors';
import type { ServerBase } from '../../server-context';
import * as flows from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { saveTriggerSampleData } from '../flows/save-trigger-sample-data';
import { callTriggerHook, triggerLabel } from '../triggers/trigger-hooks';

/** Tests the trigger of `request.flowVersionId` of `project` (authorized for WRITE_FLOW by the route). */
export async function testTrigger(
  ctx: ServerBase,
  principal: Principal,
  project: ProjectRow,
  request: TestTriggerRequest,
  ip: string,
): Promise<Page<TriggerEventWithPayload>> {
  const flow = await flows.findFlow(ctx.store.db, request.flowId);
  const versionRow =
    flow?.projectId === project.id
      ? await flows.findVersionOfFlow(ctx.store.db, request.flowId, request.flowVersionId)
      : undefined;
  if (versionRow === undefined) throw notFound('flowVersion', request.flowVersionId);
  const { trigger } = flowVersionFromRow(versionRow);
  if (trigger.type !== 'PIECE_TRIGGER') {
    throw invalidRequest(
      `The trigger of flow version ${request.flowVersionId} is empty: there is nothing to test`,
      {
        flowVersionId: request.flowVersionId,
      },
    );
  }
  if (request.testStrategy === 'SIMULATION') return { data: [], next: null, previous: null };
  const target = {
    flowId: request.flowId,
    projectId: project.id,
    flowVersionId: request.flowVersionId,
    trigger,
  };
  const outcome = await callTriggerHook(ctx, target, { hook: 'test', test: true });
  if (outcome.status === 'FAILED') {
    throw ruleViolation(`Testing trigger ${triggerLabel(trigger)} failed: ${outcome.message}`, {
      pieceName: trigger.settings.pieceName,
      triggerName: trigger.settings.triggerName ?? '',
      reason: outcome.message,
    });
  }
  const items = outcome.output as unknown[];
  const { pieceName, pieceVersion, triggerName } = trigger.settings;
  const events = items.map((payload): TriggerEventWithPayload => {
    const now = ctx.now();
    return {
      id: generateId(),
      created: now,
      updated: now,
      projectId: project.id,
      flowId: request.flowId,
      sourceName: `${pieceName}@${pieceVersion}:${triggerName ?? ''}`,
      payload,
    };
  });
  if (items.length > 0) {
    await saveTriggerSampleData(ctx, request.flowId, items[0], {
      actor: auditActorOf(principal, ip),
      project,
    });
  }
  return { data: events, next: null, previous: null };
}
