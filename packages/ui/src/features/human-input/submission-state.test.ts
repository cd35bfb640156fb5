import type { HumanInputStreamEvent } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { failureMessage } from './failure-message';
import { applySubmissionEvent, endOfStream, SENDING } from './submission-state';

const fold = (events: HumanInputStreamEvent[]) => events.reduce(applySubmissionEvent, SENDING);

describe('applySubmissionEvent', () => {
  it('keeps the turns in order, marks a pending submission, then takes the answer', () => {
    const pending = fold([
      { type: 'run', flowRunId: 'r'.repeat(21) },
      { type: 'pending' },
      { type: 'turn', text: 'one' },
    ]);
    expect(pending).toEqual({ phase: 'sending', stillWorking: true, turns: ['one'] });
    const answered = fold([
      { type: 'turn', text: 'one' },
      { type: 'answer', status: 200, body: 'x' },
      { type: 'turn', text: 'late' },
    ]);
    expect(answered).toEqual({ phase: 'answered', status: 200, body: 'x', turns: ['one'] });
  });

  it('fails with the stream’s {code, params}, or when the stream ends without an answer', () => {
    expect(
      fold([{ type: 'failed', code: 'FLOW_RUN_FAILED', params: { message: 'It broke' } }]),
    ).toMatchObject({
      phase: 'failed',
      failure: { code: 'FLOW_RUN_FAILED' },
    });
    expect(endOfStream(SENDING)).toMatchObject({ phase: 'failed', failure: { code: 'CONNECTION_LOST' } });
  });
});

describe('failureMessage', () => {
  it.each([
    [
      '429 says to try later',
      { code: 'RATE_LIMITED', params: {}, status: 429 },
      'Too many submissions right now. Please try again later.',
    ],
    [
      '413 names the limit',
      { code: 'PAYLOAD_TOO_LARGE', params: { limitBytes: 10 * 1024 * 1024 } },
      'The submission is too large: the limit is 10 MB.',
    ],
    [
      '413 in MB',
      { code: 'PAYLOAD_TOO_LARGE', params: { limitMb: 4 } },
      'The submission is too large: the limit is 4 MB.',
    ],
    ['the server message', { code: 'FLOW_RUN_FAILED', params: { message: 'It broke' } }, 'It broke'],
    ['the code in words', { code: 'ENTITY_NOT_FOUND', params: {} }, 'Entity not found'],
  ])('%s', (_, failure, expected) => {
    expect(failureMessage(failure)).toBe(expected);
  });
});
