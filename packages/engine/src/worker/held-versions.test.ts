import type { FlowVersion } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { code, flow } from '@piecework/shared/testing';
import { HeldVersions } from './held-versions';
import type { PortableEngineRequest } from './protocol';
import { SentVersions } from './sent-versions';
import { executeRequest, resumeRequest } from './test-requests';
import { VersionKeys } from './version-keys';

const versionNumbered = (n: number): FlowVersion => ({
  ...flow(code('step_1', `return ${n}`)),
  id: `version_${n}`,
});

/** A request as it crosses: the parent's side of `PoolWorker.start`, through structured clone. */
function cross(sent: SentVersions, flowVersion: FlowVersion) {
  const request = executeRequest(flowVersion, { n: 1 });
  const version = sent.refFor(flowVersion);
  const message = structuredClone({ request: { ...request, flowVersion: undefined }, version });
  sent.posted(version);
  return { request, message: message as { request: PortableEngineRequest; version: typeof version } };
}

describe('SentVersions and HeldVersions', () => {
  it('give the thread a request equal to the one run, keys in the same order', () => {
    const held = new HeldVersions();
    const sent = new SentVersions(new VersionKeys());
    const version = versionNumbered(1);
    for (const request of [
      executeRequest(version, { n: 1 }),
      resumeRequest(version, {}, { body: 'b', headers: {}, queryParams: {} }),
    ]) {
      const ref = sent.refFor(version);
      const crossed = structuredClone({ request: { ...request, flowVersion: undefined }, ref });
      sent.posted(ref);
      const rebuilt = held.request(crossed.request as PortableEngineRequest, crossed.ref);
      expect(rebuilt).toEqual(request);
      expect(Object.keys(rebuilt)).toEqual(Object.keys(request));
    }
  });

  it('send a version object once, then its key alone; another object (even equal) again', () => {
    const sent = new SentVersions(new VersionKeys());
    const version = versionNumbered(1);
    const first = sent.refFor(version);
    expect(first.flowVersion).toBe(version);
    sent.posted(first);
    expect(sent.refFor(version)).toEqual({ key: first.key });
    const copy = structuredClone(version);
    expect(sent.refFor(copy)).toMatchObject({ flowVersion: copy });
    expect(sent.refFor(copy).key).not.toBe(first.key);
  });

  it('change nothing until a ref is posted (a run that cannot be sent)', () => {
    const sent = new SentVersions(new VersionKeys(), 1);
    const [a, b] = [versionNumbered(1), versionNumbered(2)];
    sent.posted(sent.refFor(a));
    expect(sent.refFor(b).evict).toHaveLength(1);
    expect(sent.refFor(a)).not.toHaveProperty('flowVersion');
  });

  it('stay in step over many runs: the thread holds at most the limit, least recently used evicted', () => {
    const limit = 8;
    const sent = new SentVersions(new VersionKeys(), limit);
    const held = new HeldVersions();
    const versions = Array.from({ length: 20 }, (_, n) => versionNumbered(n));
    let seed = 7;
    const recent: number[] = [];
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const n = seed % versions.length;
      const { request, message } = cross(sent, versions[n]!);
      // Sent again exactly when it is not among the last `limit` distinct versions used.
      expect(message.version.flowVersion !== undefined).toBe(!recent.slice(-limit).includes(n));
      if (recent.includes(n)) recent.splice(recent.indexOf(n), 1);
      recent.push(n);
      expect(held.request(message.request, message.version)).toEqual(request);
      expect(held.size).toBeLessThanOrEqual(limit);
    }
  });

  it('a thread asked for a version it does not hold says so', () => {
    const held = new HeldVersions();
    const request = { ...executeRequest(versionNumbered(1)), flowVersion: undefined };
    expect(() => held.request(request, { key: 9 })).toThrow(
      'Internal error: the worker thread does not hold flow version #9',
    );
  });
});
