import { describe, expect, it } from 'vitest';
import { readRunFilters, runsQueryOf, writeRunFilters } from './run-filters';

describe('run filters in the URL', () => {
  it('reads back what it writes, so a shared link shows the same runs', () => {
    const filters = readRunFilters(
      new URLSearchParams(
        'flowId=abc&status=FAILED&status=TIMEOUT&environment=TESTING&createdAfter=2026-01-02&createdBefore=2026-01-31&search=out+of+stock&tag=eu&tag=vip&failedStep=step_2&archived=1&cursor=c1',
      ),
    );
    expect(filters).toEqual({
      flowId: 'abc',
      statuses: ['FAILED', 'TIMEOUT'],
      environment: 'TESTING',
      createdAfter: '2026-01-02',
      createdBefore: '2026-01-31',
      search: 'out of stock',
      tags: ['eu', 'vip'],
      failedStepName: 'step_2',
      includeArchived: true,
      cursor: 'c1',
    });
    expect(readRunFilters(writeRunFilters(filters))).toEqual(filters);
  });

  it('ignores values the API would refuse instead of sending them', () => {
    expect(
      readRunFilters(
        new URLSearchParams('status=BROKEN&status=FAILED&environment=STAGING&createdAfter=yesterday'),
      ),
    ).toEqual({ statuses: ['FAILED'], environment: 'PRODUCTION' });
  });

  it('turns days into instants that include the whole of both days', () => {
    const query = runsQueryOf('p1', {
      statuses: ['SUCCEEDED'],
      environment: 'PRODUCTION',
      createdAfter: '2026-03-10',
      createdBefore: '2026-03-10',
    });
    expect(query).toMatchObject({ projectId: 'p1', status: ['SUCCEEDED'], environment: 'PRODUCTION' });
    expect(Date.parse(query.createdBefore!) - Date.parse(query.createdAfter!)).toBeGreaterThanOrEqual(
      23 * 3600 * 1000,
    );
    expect(new Date(query.createdAfter!).getDate()).toBe(10);
  });
});
