import { describe, expect, it } from 'vitest';
import { TEST_URL, runAction, testServices } from '../testing/test-services';
import { approvalPiece } from './index';

const resumeWith = (action: string) => ({ body: {}, headers: {}, queryParams: { action } });
const links = (requestId: string) => ({
  approvalLink: `${TEST_URL}v1/flow-runs/run_1/requests/${requestId}?action=approve`,
  disapprovalLink: `${TEST_URL}v1/flow-runs/run_1/requests/${requestId}?action=disapprove`,
});

describe('wait_for_approval', () => {
  it.each([
    ['approve', true],
    ['disapprove', false],
    ['something else', false],
  ])('pauses on a webhook waitpoint, then resumes with action=%s', async (action, approved) => {
    const services = testServices();
    const paused = await runAction(approvalPiece, 'wait_for_approval', {}, { services });
    if (paused.status !== 'PAUSED' || paused.pause.type !== 'WEBHOOK')
      throw new Error('expected a webhook pause');
    expect(paused).toEqual({
      status: 'PAUSED',
      output: links(paused.pause.requestId),
      pause: { type: 'WEBHOOK', requestId: paused.pause.requestId },
    });

    const resumed = await runAction(
      approvalPiece,
      'wait_for_approval',
      {},
      { services, request: { resume: resumeWith(action) } },
    );
    expect(resumed).toEqual({ status: 'SUCCEEDED', output: { approved } });
  });
});

describe('create_approval_links', () => {
  it('returns links without pausing, and a later wait_for_approval waits on them', async () => {
    const services = testServices();
    const created = await runAction(approvalPiece, 'create_approval_links', {}, { services });
    expect(created.status).toBe('SUCCEEDED');
    const output =
      created.status === 'SUCCEEDED' ? (created.output as { approvalLink: string }) : { approvalLink: '' };
    const requestId = /requests\/([^?]+)\?/.exec(output.approvalLink)?.[1] ?? '';
    expect(created).toEqual({ status: 'SUCCEEDED', output: links(requestId) });

    const paused = await runAction(
      approvalPiece,
      'wait_for_approval',
      {},
      { services, request: { stepName: 'step_2' } },
    );
    expect(paused).toEqual({
      status: 'PAUSED',
      output: links(requestId),
      pause: { type: 'WEBHOOK', requestId },
    });

    const resumed = await runAction(
      approvalPiece,
      'wait_for_approval',
      {},
      { services, request: { stepName: 'step_2', resume: resumeWith('approve') } },
    );
    expect(resumed).toEqual({ status: 'SUCCEEDED', output: { approved: true } });

    const again = await runAction(
      approvalPiece,
      'wait_for_approval',
      {},
      { services, request: { stepName: 'step_3' } },
    );
    expect(again.status === 'PAUSED' && again.pause.type === 'WEBHOOK' && again.pause.requestId).not.toBe(
      requestId,
    );
  });
});
