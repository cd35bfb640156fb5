import type { StepOutput } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { MAX_HOLD_MS, Outbox } from './outbox';
import type { EngineEvent, FromThread } from './protocol';

const record: StepOutput = { type: 'CODE', status: 'SUCCEEDED', input: {}, output: 1, duration: 0 };
const finished = (stepName: string): EngineEvent => ({
  name: 'step.finished',
  args: [{ stepName, path: [], record }],
});
const responded: EngineEvent = { name: 'run.responded', args: [{ status: 200, body: 'ok', headers: {} }] };

/** An outbox over a parent link that clones (and so rejects) like a real port, keeping what it got. */
function outbox() {
  const posted: FromThread[] = [];
  const box = new Outbox(7, { postMessage: (message) => posted.push(structuredClone(message)) });
  return { box, posted };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Outbox', () => {
  it('sends what a turn of the event loop queued as one batch, in order', async () => {
    const { box, posted } = outbox();
    box.event(finished('a'));
    box.log('info', 'line', { n: 1 });
    box.event(finished('b'));
    expect(posted).toEqual([]);
    await turn();
    expect(posted).toEqual([
      {
        type: 'batch',
        jobId: 7,
        items: [
          { type: 'event', event: finished('a') },
          { type: 'log', level: 'info', message: 'line', fields: { n: 1 } },
          { type: 'event', event: finished('b') },
        ],
      },
    ]);
  });

  it('puts the pending items in front of a host call or the result, and sends no batch after', async () => {
    const { box, posted } = outbox();
    box.event(finished('a'));
    box.send({ type: 'call', jobId: 7, callId: 1, call: { method: 'files.load', args: ['f'] } });
    box.event(finished('b'));
    box.send({ type: 'threw', jobId: 7, message: 'no' });
    await turn();
    expect(posted).toEqual([
      {
        type: 'call',
        jobId: 7,
        callId: 1,
        call: { method: 'files.load', args: ['f'] },
        items: [{ type: 'event', event: finished('a') }],
      },
      { type: 'threw', jobId: 7, message: 'no', items: [{ type: 'event', event: finished('b') }] },
    ]);
  });

  it('sends a run.responded event at once, with what was before it', () => {
    const { box, posted } = outbox();
    box.event(finished('a'));
    box.event(responded);
    expect(posted).toEqual([
      {
        type: 'batch',
        jobId: 7,
        items: [
          { type: 'event', event: finished('a') },
          { type: 'event', event: responded },
        ],
      },
    ]);
  });

  it(`sends on tick what waited ${MAX_HOLD_MS} ms while the event loop is busy, not sooner`, () => {
    const { box, posted } = outbox();
    box.event(finished('a'));
    box.tick();
    expect(posted).toEqual([]);
    const until = performance.now() + MAX_HOLD_MS + 1;
    while (performance.now() < until) box.tick();
    // Once more after the loop: a thread preempted for longer than the wait may not tick in it.
    box.tick();
    expect(posted).toEqual([{ type: 'batch', jobId: 7, items: [{ type: 'event', event: finished('a') }] }]);
  });

  it('sends a log line whose fields cannot be cloned without them, and the other items as they are', async () => {
    const { box, posted } = outbox();
    box.event(finished('a'));
    box.log('warn', 'odd', { fn: () => 1 });
    box.event(finished('b'));
    await turn();
    expect(posted.flatMap((message) => ('items' in message ? message.items : []))).toEqual([
      { type: 'event', event: finished('a') },
      { type: 'log', level: 'warn', message: 'odd' },
      { type: 'event', event: finished('b') },
    ]);
  });

  it('reports an event that cannot be sent as unsent, and sends nothing after it', async () => {
    const { box, posted } = outbox();
    box.event(finished('a'));
    box.event({
      name: 'step.finished',
      args: [{ stepName: 'bad', path: [], record: { ...record, output: () => 1 } }],
    });
    box.event(finished('c'));
    await turn();
    expect(posted).toEqual([
      { type: 'batch', jobId: 7, items: [{ type: 'event', event: finished('a') }] },
      {
        type: 'unsent',
        jobId: 7,
        message: expect.stringMatching(
          /^the step\.finished event cannot be sent to the parent: .*could not be cloned/,
        ),
      },
    ]);
  });

  it('sends the items of a message that cannot be cloned, then throws as postMessage does', () => {
    const { box, posted } = outbox();
    box.event(finished('a'));
    expect(() =>
      box.send({
        type: 'call',
        jobId: 7,
        callId: 1,
        call: { method: 'files.load', args: [(() => 1) as never] },
      }),
    ).toThrow(/could not be cloned/);
    expect(posted).toEqual([{ type: 'batch', jobId: 7, items: [{ type: 'event', event: finished('a') }] }]);
  });
});
