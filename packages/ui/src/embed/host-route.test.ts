import { describe, expect, it } from 'vitest';
import { hostRouteOf } from './host-route';

describe('the route the host sees', () => {
  it.each([
    ['/projects/p1/flows', '', '/flows'],
    ['/projects/p1/flows/f1', '', '/flows/f1'],
    ['/projects/p1/flows/f1', '?step=step_1', '/flows/f1?step=step_1'],
    ['/projects/p1/runs', '?status=FAILED&flowId=f1', '/runs?status=FAILED&flowId=f1'],
    ['/projects/p1/runs/r1', '', '/runs/r1'],
    ['/projects/p1/connections', '', '/connections'],
    ['/projects/p1', '', '/flows'],
    ['/projects/p1/', '', '/flows'],
    ['/flows', '', '/flows'],
    ['/', '', '/flows'],
    ['/platform/users', '', '/platform/users'],
  ])('%s%s -> %s', (pathname, search, expected) => {
    expect(hostRouteOf(pathname, search)).toBe(expected);
  });
});
