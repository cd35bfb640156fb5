import type { PopulatedFlow } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../format/format-time';
import { versionLabel } from './version-label';

const created = '2026-11-27T12:05:46.000Z';
const flowWith = (state: 'DRAFT' | 'LOCKED', publishedVersionId: string | null) =>
  ({ publishedVersionId, version: { id: 'v1', state, created } }) as unknown as PopulatedFlow;

describe('versionLabel', () => {
  it('tells whether the run ran the draft, the published version or an earlier one, and when it was made', () => {
    const when = formatDateTime(created);
    expect(versionLabel(flowWith('DRAFT', null))).toBe(`Draft of ${when}`);
    expect(versionLabel(flowWith('LOCKED', 'v1'))).toBe(`Published ${when}`);
    expect(versionLabel(flowWith('LOCKED', 'v2'))).toBe(`Earlier version of ${when}`);
    expect(versionLabel(flowWith('LOCKED', null))).toBe(`Earlier version of ${when}`);
  });

  it('says nothing known while the flow loads or when it is gone', () => {
    expect(versionLabel(undefined)).toBe('—');
  });
});
