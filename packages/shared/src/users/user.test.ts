import { describe, expect, it } from 'vitest';
import { SignUpRequest } from './authentication';
import { UserSummary } from './user';
import { CreateUserInvitationRequest, UserInvitation } from './user-invitation';

const T = '2026-01-01T00:00:00.000Z';

describe('CreateUserInvitationRequest', () => {
  it.each([
    { type: 'PROJECT', email: 'ada@example.com', projectId: 'p1', projectRole: 'Editor' },
    { type: 'PLATFORM', email: 'ada@example.com', platformRole: 'OPERATOR' },
  ])('accepts a $type invitation', (request) => {
    expect(CreateUserInvitationRequest.parse(request)).toEqual(request);
  });

  it.each([
    ['a project invitation without a role', { type: 'PROJECT', email: 'ada@example.com', projectId: 'p1' }],
    [
      'a platform invitation with the removed role',
      { type: 'PLATFORM', email: 'ada@example.com', platformRole: 'EXTERNAL_CUSTOMER' },
    ],
    ['a bad email', { type: 'PLATFORM', email: 'ada', platformRole: 'ADMIN' }],
  ])('rejects %s', (_, request) => {
    expect(CreateUserInvitationRequest.safeParse(request).success).toBe(false);
  });
});

describe('UserInvitation', () => {
  it('carries its project role with type and userCount', () => {
    const invitation = {
      id: 'i1',
      created: T,
      updated: T,
      email: 'ada@example.com',
      platformId: 'plat1',
      status: 'PENDING',
      type: 'PROJECT',
      platformRole: null,
      projectId: 'p1',
      projectRoleId: 'r1',
      projectRole: {
        id: 'r1',
        created: T,
        updated: T,
        name: 'Editor',
        permissions: ['WRITE_FLOW'],
        platformId: null,
        type: 'DEFAULT',
        userCount: 3,
      },
    };
    expect(UserInvitation.parse(invitation)).toEqual(invitation);
  });
});

describe('SignUpRequest', () => {
  const request = {
    email: 'ada@example.com',
    password: 'correct horse',
    firstName: 'Ada',
    lastName: 'Lovelace',
  };

  it('accepts a sign-up', () => {
    expect(SignUpRequest.parse(request)).toEqual(request);
  });

  it.each([
    ['a short password', { password: 'short' }],
    ['a bad email', { email: 'ada@' }],
    ['no first name', { firstName: '' }],
  ])('rejects %s', (_, overrides) => {
    expect(SignUpRequest.safeParse({ ...request, ...overrides }).success).toBe(false);
  });
});

describe('UserSummary', () => {
  it('keeps only the four summary fields of a full user', () => {
    const summary = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
    expect(UserSummary.parse({ ...summary, status: 'ACTIVE', platformRole: 'ADMIN' })).toEqual(summary);
  });
});
