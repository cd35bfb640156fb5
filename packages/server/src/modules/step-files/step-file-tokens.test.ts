/**
 * Step-file tokens: a token names its file and project until it expires; one signed with another
 * key, altered, or of another kind (a session token signed with the server's secret itself) names
 * nothing. And the answer's headers: the file's name, and a content type that never runs.
 */
import { describe, expect, it } from 'vitest';
import { SessionTokens } from '../../infrastructure/auth/session-tokens';
import { contentDisposition, contentTypeOf } from './step-file-routes';
import { STEP_FILE_LIFETIME_SECONDS, StepFileTokens } from './step-file-tokens';

const secret = new TextEncoder().encode('the server secret');
const claims = { fileId: 'f'.repeat(21), projectId: 'p'.repeat(21) };

describe('step-file tokens', () => {
  it('name their file and project for 30 days, then expire', async () => {
    let now = 1_700_000_000;
    const tokens = new StepFileTokens(secret, () => now);
    const token = await tokens.issue(claims);
    expect(await tokens.check(token)).toEqual({ ok: true, ...claims });
    now += STEP_FILE_LIFETIME_SECONDS - 1;
    expect(await tokens.check(token)).toMatchObject({ ok: true });
    now += 2;
    expect(await tokens.check(token)).toEqual({
      ok: false,
      reason: 'expired',
      expiredAt: new Date((1_700_000_000 + STEP_FILE_LIFETIME_SECONDS) * 1000).toISOString(),
    });
  });

  it('name nothing when signed with another key, altered, or of another kind', async () => {
    const tokens = new StepFileTokens(secret);
    const foreign = await new StepFileTokens(new TextEncoder().encode('another secret')).issue(claims);
    const token = await tokens.issue(claims);
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, pid: 'x'.repeat(21) })).toString(
      'base64url',
    );
    const session = await new SessionTokens(secret).issue({
      userId: 'u'.repeat(21),
      platformId: 'p'.repeat(21),
      tokenVersion: 0,
    });
    for (const bad of [foreign, `${header}.${otherPayload}.${signature}`, session, '', 'a.b.c']) {
      expect(await tokens.check(bad)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('step-file answers', () => {
  it.each([
    ['image.png', 'image/png'],
    ['REPORT.PDF', 'application/pdf'],
    ['page.html', 'application/octet-stream'],
    ['drawing.svg', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
  ])('%s goes as %s', (name, type) => {
    expect(contentTypeOf(name)).toBe(type);
  });

  it('names the file as an attachment, exactly in filename*', () => {
    expect(contentDisposition('a "quoted"\\ naïve.txt')).toBe(
      `attachment; filename="a _quoted__ na_ve.txt"; filename*=UTF-8''a%20%22quoted%22%5C%20na%C3%AFve.txt`,
    );
  });
});
