import { describe, expect, it } from 'vitest';
import type { PiecePropertyDefinition } from '../framework/piece-definition';
import type { AuthDefinition } from './process-auth';
import { processProps } from './process-props';

const text = (extra: Partial<PiecePropertyDefinition> = {}): PiecePropertyDefinition => ({
  type: 'SHORT_TEXT',
  displayName: 'x',
  required: true,
  ...extra,
});

const secretText: AuthDefinition = { type: 'SECRET_TEXT', displayName: 'Key', required: true };
const customAuth: AuthDefinition = {
  type: 'CUSTOM_AUTH',
  displayName: 'Keys',
  required: true,
  props: {
    apiKey: text({ type: 'SECRET_TEXT' }),
    baseUrl: text({ defaultValue: 'https://api.example.com' }),
  },
};
const oauth2: AuthDefinition = {
  type: 'OAUTH2',
  displayName: 'OAuth',
  required: true,
  authUrl: '',
  tokenUrl: '',
  scope: [],
};

function auth(definition: AuthDefinition | AuthDefinition[] | undefined, value: unknown, requireAuth = true) {
  const result = processProps({ props: {}, input: {}, auth: { definition, value }, requireAuth });
  return result.ok ? result.auth : `FAILED ${result.message}`;
}

describe('auth', () => {
  it.each<[string, AuthDefinition | AuthDefinition[] | undefined, unknown, unknown]>([
    [
      'a connection value passes',
      secretText,
      { type: 'SECRET_TEXT', secret_text: 'k' },
      { type: 'SECRET_TEXT', secret_text: 'k' },
    ],
    ['a bare secret becomes a connection', secretText, 'k', { type: 'SECRET_TEXT', secret_text: 'k' }],
    [
      'custom auth props get defaults',
      customAuth,
      { type: 'CUSTOM_AUTH', props: { apiKey: 'k' } },
      { type: 'CUSTOM_AUTH', props: { apiKey: 'k', baseUrl: 'https://api.example.com' } },
    ],
    [
      'bare custom auth props become a connection',
      customAuth,
      { apiKey: 'k', baseUrl: 'http://local' },
      { type: 'CUSTOM_AUTH', props: { apiKey: 'k', baseUrl: 'http://local' } },
    ],
    [
      'custom auth props are validated',
      customAuth,
      { type: 'CUSTOM_AUTH', props: {} },
      'FAILED {"auth":{"apiKey":["Expected string, received: undefined"]}}',
    ],
    [
      'the value type picks one of several declarations',
      [oauth2, customAuth],
      { type: 'CUSTOM_AUTH', props: { apiKey: 'k' } },
      { type: 'CUSTOM_AUTH', props: { apiKey: 'k', baseUrl: 'https://api.example.com' } },
    ],
    [
      'cloud OAuth2 answers to OAUTH2',
      [customAuth, oauth2],
      { type: 'CLOUD_OAUTH2', access_token: 't' },
      { type: 'CLOUD_OAUTH2', access_token: 't' },
    ],
    [
      'a missing required connection fails',
      secretText,
      undefined,
      'FAILED {"auth":["Expected a connection, received: undefined"]}',
    ],
    ['a piece without auth takes anything', undefined, 'x', 'x'],
  ])('%s', (_, definition, value, expected) => {
    expect(auth(definition, value)).toEqual(expected);
  });

  it('hands the value over untouched when the action does not require auth', () => {
    expect(auth(customAuth, undefined, false)).toBeUndefined();
    expect(auth(customAuth, { apiKey: 1 }, false)).toEqual({ apiKey: 1 });
  });
});
