import { EMBED_PATHS, EmbedClientEvent } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import {
  authorizeMcpStep,
  mcpAuthorizeRoute,
  mcpSettingsRoute,
  mcpSettingsStep,
  type AuthorizeMcpResult,
} from './mcp-dialogs';
import type { OverlayStep } from './overlay-dialog';

describe('the MCP message names', () => {
  it("are Activepieces' protocol names, and the overlay paths are /embed/mcp and /embed/mcp-authorize", () => {
    expect([
      EmbedClientEvent.CLIENT_SHOW_MCP_IFRAME,
      EmbedClientEvent.CLIENT_MCP_SETTINGS_DIALOG_CLOSED,
      EmbedClientEvent.CLIENT_MCP_OAUTH_APPROVED,
      EmbedClientEvent.CLIENT_MCP_OAUTH_DENIED,
    ]).toStrictEqual([
      'CLIENT_SHOW_MCP_IFRAME',
      'CLIENT_MCP_SETTINGS_DIALOG_CLOSED',
      'CLIENT_MCP_OAUTH_APPROVED',
      'CLIENT_MCP_OAUTH_DENIED',
    ]);
    expect([EMBED_PATHS.mcp, EMBED_PATHS.mcpAuthorize]).toStrictEqual(['/embed/mcp', '/embed/mcp-authorize']);
  });
});

describe('mcpSettingsStep (mcpSettings())', () => {
  it.each<[string, unknown, OverlayStep<void>]>([
    ['CLIENT_SHOW_MCP_IFRAME', {}, { kind: 'show' }],
    ['CLIENT_MCP_SETTINGS_DIALOG_CLOSED', {}, { kind: 'resolve', result: undefined }],
    ['CLIENT_AUTHENTICATION_FAILED', { message: 'expired' }, { kind: 'reject', error: 'expired' }],
    ['CLIENT_AUTHENTICATION_FAILED', undefined, { kind: 'reject', error: 'Authentication failed' }],
    ['CLIENT_MCP_OAUTH_APPROVED', { redirectUrl: 'http://127.0.0.1/cb' }, { kind: 'ignore' }],
    ['CLIENT_NEW_CONNECTION_DIALOG_CLOSED', {}, { kind: 'ignore' }],
    ['CLIENT_INIT', {}, { kind: 'ignore' }],
  ])('%s %j', (type, data, expected) => {
    expect(mcpSettingsStep({ type, data })).toStrictEqual(expected);
  });
});

describe('authorizeMcpStep (authorizeMcp())', () => {
  const approved = 'http://127.0.0.1:5000/cb?code=c1&state=s1';
  const denied = 'http://127.0.0.1:5000/cb?error=access_denied&state=s1';
  it.each<[string, unknown, OverlayStep<AuthorizeMcpResult>]>([
    ['CLIENT_SHOW_MCP_IFRAME', {}, { kind: 'show' }],
    [
      'CLIENT_MCP_OAUTH_APPROVED',
      { redirectUrl: approved },
      { kind: 'resolve', result: { redirectUrl: approved } },
    ],
    ['CLIENT_MCP_OAUTH_APPROVED', {}, { kind: 'reject', error: 'The approval carried no redirect URL' }],
    [
      'CLIENT_MCP_OAUTH_DENIED',
      { redirectUrl: denied },
      { kind: 'resolve', result: { denied: true, redirectUrl: denied } },
    ],
    ['CLIENT_MCP_OAUTH_DENIED', {}, { kind: 'resolve', result: { denied: true } }],
    ['CLIENT_MCP_OAUTH_DENIED', undefined, { kind: 'resolve', result: { denied: true } }],
    [
      'CLIENT_MCP_OAUTH_DENIED',
      { error: 'This authorization request has expired.' },
      { kind: 'reject', error: 'This authorization request has expired.' },
    ],
    ['CLIENT_AUTHENTICATION_FAILED', { message: 'expired' }, { kind: 'reject', error: 'expired' }],
    ['CLIENT_MCP_SETTINGS_DIALOG_CLOSED', {}, { kind: 'ignore' }],
    ['CLIENT_CONFIGURATION_FINISHED', {}, { kind: 'ignore' }],
  ])('%s %j', (type, data, expected) => {
    expect(authorizeMcpStep({ type, data })).toStrictEqual(expected);
  });
});

describe('the MCP dialog routes', () => {
  it('opens the settings with a fresh randomId', () => {
    expect(mcpSettingsRoute(42)).toBe('/embed/mcp?randomId=42');
  });

  it('carries the exact authRequestId, encoded', () => {
    const id = 'eyJhbGciOi.J9+/=&x y';
    const route = mcpAuthorizeRoute(id, 7);
    expect(route.startsWith('/embed/mcp-authorize?')).toBe(true);
    expect(Object.fromEntries(new URL(route, 'https://f.example').searchParams)).toStrictEqual({
      authRequestId: id,
      randomId: '7',
    });
  });
});
