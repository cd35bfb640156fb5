import { describe, expect, it } from 'vitest';
import { PieceAuth } from './piece-auth';
import { PieceMetadata } from './piece-metadata';

const shortText = { type: 'SHORT_TEXT', displayName: 'Channel', required: true };

const AUTHS = {
  secretText: { type: 'SECRET_TEXT', displayName: 'API key', required: true },
  basicAuth: {
    type: 'BASIC_AUTH',
    displayName: 'Login',
    description: 'Your account',
    username: { displayName: 'User', description: 'Email' },
    password: { displayName: 'Password', description: 'Secret' },
    required: true,
  },
  customAuth: { type: 'CUSTOM_AUTH', displayName: 'Bot', required: true, props: { token: shortText } },
  oauth2: {
    type: 'OAUTH2',
    displayName: 'Slack',
    required: true,
    authUrl: 'https://slack.com/oauth/v2/authorize',
    tokenUrl: 'https://slack.com/api/oauth.v2.access',
    scope: ['chat:write'],
    pkce: false,
  },
  noAuth: { type: 'NO_AUTH' },
};

function piece(overrides: Record<string, unknown> = {}) {
  return {
    name: '@activepieces/piece-slack',
    displayName: 'Slack',
    logoUrl: 'https://cdn.example.com/slack.png',
    description: 'Chat',
    authors: ['ada'],
    version: '0.17.9',
    auth: AUTHS.secretText,
    actions: {
      send_message: {
        name: 'send_message',
        displayName: 'Send message',
        description: 'Sends a message',
        props: { channel: { ...shortText, refreshers: [] } },
      },
    },
    triggers: {
      new_message: {
        name: 'new_message',
        displayName: 'New message',
        description: 'On a message',
        props: {},
        type: 'APP_WEBHOOK',
        sampleData: {},
      },
    },
    ...overrides,
  };
}

describe('PieceAuth', () => {
  it.each(Object.entries(AUTHS))('accepts %s', (_, auth) => {
    expect(PieceAuth.parse(auth)).toEqual(auth);
  });

  it.each([
    ['an unknown type', { ...AUTHS.secretText, type: 'API_KEY' }],
    ['basic auth without labels', { ...AUTHS.basicAuth, username: undefined }],
    [
      'custom auth with a prop of an unknown type',
      { ...AUTHS.customAuth, props: { token: { ...shortText, type: 'TEXT' } } },
    ],
    ['oauth2 without a token URL', { ...AUTHS.oauth2, tokenUrl: undefined }],
  ])('rejects %s', (_, auth) => {
    expect(PieceAuth.safeParse(auth).success).toBe(false);
  });
});

describe('PieceMetadata', () => {
  it.each([
    ['one auth', AUTHS.oauth2],
    ['several auths', [AUTHS.oauth2, AUTHS.customAuth]],
    ['no auth', undefined],
  ])('accepts a piece with %s, keeping extra property fields', (_, auth) => {
    const parsed = PieceMetadata.parse(piece({ auth }));
    expect(parsed.auth).toEqual(auth);
    expect(parsed.actions.send_message?.props.channel).toHaveProperty('refreshers', []);
    expect(parsed.actions.send_message?.requireAuth).toBe(true);
  });

  it.each([
    ['a version range', { version: '^0.17.9' }],
    [
      'a trigger with an unknown strategy',
      { triggers: { t: { ...piece().triggers.new_message, type: 'CRON' } } },
    ],
    ['no authors', { authors: undefined }],
  ])('rejects %s', (_, overrides) => {
    expect(PieceMetadata.safeParse(piece(overrides)).success).toBe(false);
  });
});
