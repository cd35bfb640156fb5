import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from '../../infrastructure/auth/session-tokens';
import { INVITATION_AUDIENCE, InvitationTokens } from './invitation-token';

const secret = new TextEncoder().encode('a'.repeat(32));
const tokens = new InvitationTokens(secret);

function signed(claims: { sub?: string; aud?: string; exp?: number }, key = secret): Promise<string> {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer('piecework').setIssuedAt();
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  if (claims.aud !== undefined) jwt.setAudience(claims.aud);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(key);
}

describe('InvitationTokens', () => {
  it('reads back the invitation id of a token it issued', async () => {
    expect(await tokens.verify(await tokens.issue('inv123'))).toBe('inv123');
  });

  it.each([
    [
      'expired',
      () => signed({ sub: 'inv', aud: INVITATION_AUDIENCE, exp: Math.floor(Date.now() / 1000) - 10 }),
    ],
    [
      'signed with another secret',
      () =>
        signed(
          { sub: 'inv', aud: INVITATION_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 60 },
          new TextEncoder().encode('b'.repeat(32)),
        ),
    ],
    ['without an expiry', () => signed({ sub: 'inv', aud: INVITATION_AUDIENCE })],
    [
      'for another audience',
      () => signed({ sub: 'inv', aud: 'piecework-session', exp: Math.floor(Date.now() / 1000) + 60 }),
    ],
    [
      'a session token of the same secret',
      () => new SessionTokens(secret).issue({ userId: 'u', platformId: 'p', tokenVersion: 0 }),
    ],
    ['not a JWT', () => Promise.resolve('not-a-token')],
  ])('refuses a token %s', async (_, token) => {
    expect(await tokens.verify(await token())).toBeNull();
  });

  it('issues tokens that are not session tokens', async () => {
    expect(await new SessionTokens(secret).verify(await tokens.issue('inv123'))).toBeNull();
  });
});
