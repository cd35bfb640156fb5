import { describe, expect, it } from 'vitest';
import { AppConnection } from './app-connection';
import { AppConnectionValue } from './connection-value';
import { UpsertAppConnectionRequest } from './upsert-app-connection';

const T = '2026-01-01T00:00:00.000Z';
const ID = 'a1B2c3D4e5F6g7H8i9J0k';

function connection(overrides: Record<string, unknown> = {}) {
  return {
    id: 'c1',
    created: T,
    updated: T,
    externalId: 'slack',
    displayName: 'Slack',
    type: 'SECRET_TEXT',
    pieceName: '@activepieces/piece-slack',
    pieceVersion: '0.17.9',
    projectIds: [ID],
    scope: 'PROJECT',
    status: 'ACTIVE',
    preSelectForNewProjects: false,
    usingSecretManager: false,
    ...overrides,
  };
}

describe('AppConnection', () => {
  it('accepts a connection with 21-character project and flow ids', () => {
    expect(AppConnection.parse(connection({ flowIds: [ID] }))).toMatchObject({ flowIds: [ID] });
  });

  it.each([
    ['a short project id', { projectIds: ['abc'] }],
    ['a project id with a dash', { projectIds: [`${ID.slice(1)}-`] }],
    ['a long flow id', { flowIds: [`${ID}x`] }],
    ['an unknown type', { type: 'API_KEY' }],
    ['an unknown scope', { scope: 'GLOBAL' }],
    ['the old field name instead of externalId', { externalId: undefined, name: 'slack' }],
  ])('rejects %s', (_, overrides) => {
    expect(AppConnection.safeParse(connection(overrides)).success).toBe(false);
  });
});

describe('AppConnectionValue', () => {
  it.each([
    { type: 'SECRET_TEXT', secret_text: 'xoxb' },
    { type: 'BASIC_AUTH', username: 'ada', password: 'pw' },
    { type: 'CUSTOM_AUTH', props: { apiKey: 'k', baseUrl: 'https://api.example.com' } },
    { type: 'OAUTH2', access_token: 'at', refresh_token: 'rt', expires_in: 3600, claimed_at: 1, data: {} },
    { type: 'CLOUD_OAUTH2', access_token: 'at' },
    { type: 'PLATFORM_OAUTH2', access_token: 'at', client_id: 'cid', scope: 'read', client_secret: 'kept' },
    { type: 'NO_AUTH' },
  ])('accepts a $type value', (value) => {
    expect(AppConnectionValue.parse(value)).toEqual(value);
  });

  it.each([
    { type: 'SECRET_TEXT' },
    { type: 'BASIC_AUTH', username: 'ada' },
    { type: 'CUSTOM_AUTH' },
    { type: 'OAUTH2', refresh_token: 'rt' },
    { type: 'API_KEY', secret_text: 'x' },
  ])('rejects %j', (value) => {
    expect(AppConnectionValue.safeParse(value).success).toBe(false);
  });
});

describe('UpsertAppConnectionRequest', () => {
  const request = {
    externalId: 'slack',
    displayName: 'Slack',
    pieceName: '@activepieces/piece-slack',
    projectId: 'p1',
    type: 'SECRET_TEXT',
    value: { type: 'SECRET_TEXT', secret_text: 'xoxb' },
  };

  it('accepts a value of the same type', () => {
    expect(UpsertAppConnectionRequest.parse(request)).toEqual(request);
  });

  it('rejects a value of another type', () => {
    expect(UpsertAppConnectionRequest.safeParse({ ...request, type: 'BASIC_AUTH' }).success).toBe(false);
  });
});
