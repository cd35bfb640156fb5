import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextScheduledTime } from '@piecework/pieces';
import type { FlowOperation, PopulatedFlow, TriggerRequest } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser } from '../../testing/test-users';
import { codeStep, addAction, flowsApi, webhookTrigger } from '../../testing/features/flow-test-kit';
import { scheduleOf, scheduleTrigger, setNextRunAt } from '../../testing/features/schedule-test-kit';
import { timestampOf } from '../../infrastructure/storage/timestamp';

let server: TestServer;
let projectId: string;
let api: ReturnType<typeof flowsApi>;

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer();
  const user = await signUpTestUser(server);
  projectId = user.projectId!;
  api = flowsApi(server, user.token);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

const setTrigger = (trigger: TriggerRequest): FlowOperation => ({ type: 'UPDATE_TRIGGER', request: trigger });
const publish = (status?: 'ENABLED' | 'DISABLED'): FlowOperation => ({
  type: 'LOCK_AND_PUBLISH',
  request: status === undefined ? {} : { status },
});
const changeStatus = (status: 'ENABLED' | 'DISABLED'): FlowOperation => ({
  type: 'CHANGE_STATUS',
  request: { status },
});

/** A new flow with `trigger`, after `operations`. */
async function flowWith(trigger: TriggerRequest, ...operations: FlowOperation[]): Promise<PopulatedFlow> {
  const flow = await api.createFlow(projectId);
  return api.apply(flow.id, setTrigger(trigger), ...operations);
}

/** The first instant of `cron` in `timezone` after the flow's last change (the change's `now`). */
const nextAfter = (flow: PopulatedFlow, cron: string, timezone: string) =>
  timestampOf(nextScheduledTime(cron, timezone, new Date(flow.updated))!);

describe('enabling a flow with a schedule trigger', () => {
  it.each([
    ['every_x_minutes', { minutes: 5 }, '*/5 * * * *', 'UTC'],
    ['every_hour', { run_on_weekends: true }, '0 * * * *', 'UTC'],
    ['every_day', { hour_of_the_day: 9, timezone: 'Europe/Paris' }, '0 9 * * 1-5', 'Europe/Paris'],
    [
      'every_week',
      { day_of_the_week: 1, hour_of_the_day: 8, timezone: 'Asia/Tokyo' },
      '0 8 * * 1',
      'Asia/Tokyo',
    ],
    ['every_month', { day_of_the_month: 15, hour_of_the_day: 6, timezone: 'UTC' }, '0 6 15 * *', 'UTC'],
    [
      'cron_expression',
      { cronExpression: '30 4 * * *', timezone: 'America/New_York' },
      '30 4 * * *',
      'America/New_York',
    ],
  ])('%s %j schedules %s in %s, next due at its first instant', async (name, input, cron, timezone) => {
    const flow = await flowWith(scheduleTrigger(name, input), publish());
    expect(await scheduleOf(server, flow.id)).toEqual({
      flowId: flow.id,
      projectId,
      flowVersionId: flow.publishedVersionId,
      cronExpression: cron,
      timezone,
      nextRunAt: nextAfter(flow, cron, timezone),
      created: flow.updated,
      updated: flow.updated,
    });
  });

  it('schedules nothing for a flow published DISABLED, or for another trigger', async () => {
    const disabled = await flowWith(scheduleTrigger(), publish('DISABLED'));
    const webhook = await flowWith(webhookTrigger(), publish());
    expect(await scheduleOf(server, disabled.id)).toBeUndefined();
    expect(await scheduleOf(server, webhook.id)).toBeUndefined();
  });

  it('schedules on CHANGE_STATUS ENABLED, from the time of the change', async () => {
    const flow = await flowWith(scheduleTrigger(), publish('DISABLED'));
    const enabled = await api.apply(flow.id, changeStatus('ENABLED'));
    expect(await scheduleOf(server, flow.id)).toMatchObject({
      nextRunAt: nextAfter(enabled, '*/1 * * * *', 'UTC'),
      flowVersionId: flow.publishedVersionId,
    });
  });

  it('refuses an invalid schedule with 409 VALIDATION, leaving the flow as it was', async () => {
    const flow = await flowWith(scheduleTrigger('every_x_minutes', { minutes: 60 }));
    const answer = await api.operate(flow.id, publish());
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION',
      params: { message: expect.stringContaining('Input "minutes" must be a whole number from 1 to 59') },
    });
    expect((await api.get(flow.id)).body).toMatchObject({ status: 'DISABLED', publishedVersionId: null });
    expect(await scheduleOf(server, flow.id)).toBeUndefined();
  });
});

describe('the schedule follows the flow', () => {
  it('goes when the flow is disabled, and comes back when it is enabled again', async () => {
    const flow = await flowWith(scheduleTrigger(), publish());
    await api.apply(flow.id, changeStatus('DISABLED'));
    expect(await scheduleOf(server, flow.id)).toBeUndefined();
    await api.apply(flow.id, changeStatus('ENABLED'));
    expect(await scheduleOf(server, flow.id)).toBeDefined();
  });

  it('goes with the deleted flow', async () => {
    const flow = await flowWith(scheduleTrigger(), publish());
    expect((await api.delete(flow.id)).status).toBe(204);
    expect(await scheduleOf(server, flow.id)).toBeUndefined();
  });

  it('goes when a version without a schedule trigger is published', async () => {
    const flow = await flowWith(scheduleTrigger(), publish());
    await api.apply(flow.id, setTrigger(webhookTrigger()), publish());
    expect(await scheduleOf(server, flow.id)).toBeUndefined();
  });

  it('follows a new version with another schedule', async () => {
    const flow = await flowWith(scheduleTrigger(), publish());
    const republished = await api.apply(
      flow.id,
      setTrigger(scheduleTrigger('every_x_minutes', { minutes: 10 })),
      publish(),
    );
    expect(await scheduleOf(server, flow.id)).toMatchObject({
      flowVersionId: republished.publishedVersionId,
      cronExpression: '*/10 * * * *',
      nextRunAt: nextAfter(republished, '*/10 * * * *', 'UTC'),
    });
  });

  it('keeps a due time across a new version with the same schedule and across draft edits', async () => {
    const flow = await flowWith(scheduleTrigger(), publish());
    await setNextRunAt(server, flow.id, '2099-01-01T00:00:00.000Z');
    await api.apply(flow.id, addAction(codeStep('step_1')));
    expect(await scheduleOf(server, flow.id)).toMatchObject({ nextRunAt: '2099-01-01T00:00:00.000Z' });
    const republished = await api.apply(flow.id, publish());
    expect(await scheduleOf(server, flow.id)).toMatchObject({
      flowVersionId: republished.publishedVersionId,
      nextRunAt: '2099-01-01T00:00:00.000Z',
    });
  });
});
