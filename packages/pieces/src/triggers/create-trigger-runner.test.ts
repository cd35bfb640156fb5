import { describe, expect, it } from 'vitest';
import { BUILTIN_PIECES } from '../builtin';
import { testServices } from '../builtin/testing/test-services';
import { triggerRequest } from '../npm/testing/requests';
import type { TriggerRunOutcome, TriggerRunRequest } from './trigger-request';
import { createTriggerRunner, type NpmTriggerHost } from './create-trigger-runner';

const WEBHOOK = ['@activepieces/piece-webhook', '0.1.29'] as const;
const SCHEDULE = ['@activepieces/piece-schedule', '0.1.5'] as const;

/** An npm host that has `installed` and answers every hook with `answer`, recording the calls. */
function npmHost(installed: string, answer: TriggerRunOutcome) {
  const calls: TriggerRunRequest[] = [];
  const host: NpmTriggerHost = {
    has: (name, version) => Promise.resolve(`${name}@${version}` === installed),
    runTrigger: (request) => {
      calls.push(request);
      return Promise.resolve(answer);
    },
    handleAppEvent: () => Promise.resolve({ status: 'IGNORED' }),
  };
  return { host, calls };
}

describe('createTriggerRunner', () => {
  const payload = { body: { n: 1 }, headers: {}, queryParams: {} };

  it.each([
    [
      'a built-in webhook run gives the request as its one item',
      triggerRequest(WEBHOOK, 'catch_webhook', 'run', {}, { payload }),
      { status: 'SUCCEEDED', output: [payload], listeners: [], strategy: 'WEBHOOK' },
    ],
    [
      "a built-in polling trigger's onEnable sets its schedule",
      triggerRequest(SCHEDULE, 'every_x_minutes', 'onEnable', { minutes: 10 }),
      {
        status: 'SUCCEEDED',
        output: undefined,
        schedule: { cronExpression: '*/10 * * * *', timezone: 'UTC' },
        listeners: [],
        strategy: 'POLLING',
      },
    ],
    [
      'a trigger the piece does not have fails, naming it',
      triggerRequest(WEBHOOK, 'nope', 'onEnable'),
      { status: 'FAILED', message: "Piece @activepieces/piece-webhook@0.1.29 has no trigger named 'nope'" },
    ],
    [
      'a piece neither built in nor installed fails with the install command',
      triggerRequest(['@acme/piece-x', '1.0.0'], 'new_row', 'onEnable'),
      {
        status: 'FAILED',
        message:
          'Piece @acme/piece-x@1.0.0 is not installed: add it with "piecework pieces add @acme/piece-x@1.0.0"',
      },
    ],
  ])('%s', async (_, request, expected) => {
    const runner = createTriggerRunner({ builtins: BUILTIN_PIECES });
    expect(await runner.run(request, testServices())).toEqual(expected);
  });

  it('runs an installed npm version instead of the built-in piece of that name', async () => {
    const answer: TriggerRunOutcome = { status: 'SUCCEEDED', output: [], listeners: [], strategy: 'WEBHOOK' };
    const { host, calls } = npmHost('@activepieces/piece-webhook@0.1.29', answer);
    const runner = createTriggerRunner({ builtins: BUILTIN_PIECES, npm: host });
    const request = triggerRequest(WEBHOOK, 'catch_webhook', 'run', {}, { payload });
    expect(await runner.run(request, testServices())).toBe(answer);
    expect(calls).toEqual([request]);
  });

  it('answers that a built-in piece without events has no app-level webhook', async () => {
    const runner = createTriggerRunner({ builtins: BUILTIN_PIECES });
    expect(
      await runner.appEvent({
        pieceName: WEBHOOK[0],
        pieceVersion: WEBHOOK[1],
        payload,
        appWebhookUrl: 'http://localhost:3000/api/v1/app-events/webhook',
        urls: { apiUrl: 'http://localhost:3000/api/', publicUrl: 'http://localhost:3000/api/' },
      }),
    ).toEqual({
      status: 'FAILED',
      message: 'Piece @activepieces/piece-webhook@0.1.29 has no app-level webhook (events)',
    });
  });
});
