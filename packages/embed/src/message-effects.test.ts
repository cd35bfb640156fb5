import { describe, expect, it } from 'vitest';
import { appMessageEffect, type AppMessageEffect } from './app-message-effect';
import { connectionDialogStep, type ConnectionDialogStep } from './connection-dialog';

describe('appMessageEffect (the main frame)', () => {
  it.each<[string, unknown, AppMessageEffect]>([
    ['CLIENT_INIT', {}, { kind: 'answered' }],
    [
      'CLIENT_AUTHENTICATION_FAILED',
      { message: 'expired', code: 'INVALID_BEARER_TOKEN' },
      { kind: 'authentication-failed', details: { message: 'expired', code: 'INVALID_BEARER_TOKEN' } },
    ],
    ['CLIENT_AUTHENTICATION_FAILED', 'not an object', { kind: 'authentication-failed', details: {} }],
    ['CLIENT_CONFIGURATION_FINISHED', {}, { kind: 'configured' }],
    ['CLIENT_ROUTE_CHANGED', { route: '/flows/abc' }, { kind: 'route-changed', route: '/flows/abc' }],
    ['CLIENT_ROUTE_CHANGED', { route: 1 }, { kind: 'ignore' }],
    [
      'CLIENT_BUILDER_HOME_BUTTON_CLICKED',
      { route: '/flows' },
      { kind: 'home-button-clicked', route: '/flows' },
    ],
    ['CLIENT_AUTHENTICATION_SUCCESS', {}, { kind: 'ignore' }],
    ['CLIENT_SHOW_CONNECTION_IFRAME', {}, { kind: 'ignore' }],
    ['SOMETHING_NEW', {}, { kind: 'ignore' }],
  ])('%s %j', (type, data, expected) => {
    expect(appMessageEffect({ type, data })).toStrictEqual(expected);
  });
});

describe('connectionDialogStep (connect())', () => {
  const connection = { id: 'conn1', name: 'slack-team-a' };
  it.each<[string, unknown, ConnectionDialogStep]>([
    ['CLIENT_SHOW_CONNECTION_IFRAME', {}, { kind: 'show' }],
    ['CLIENT_NEW_CONNECTION_DIALOG_CLOSED', { connection }, { kind: 'resolve', result: { connection } }],
    ['CLIENT_NEW_CONNECTION_DIALOG_CLOSED', {}, { kind: 'resolve', result: { connection: undefined } }],
    ['CLIENT_CONNECTION_NAME_IS_INVALID', { error: 'bad name' }, { kind: 'reject', error: 'bad name' }],
    [
      'CLIENT_CONNECTION_PIECE_NOT_FOUND',
      { error: 'no such piece' },
      { kind: 'reject', error: 'no such piece' },
    ],
    ['CLIENT_CONNECTION_PIECE_NOT_FOUND', undefined, { kind: 'reject', error: 'Piece not found' }],
    ['CLIENT_AUTHENTICATION_FAILED', { message: 'expired' }, { kind: 'reject', error: 'expired' }],
    ['CLIENT_AUTHENTICATION_FAILED', {}, { kind: 'reject', error: 'Authentication failed' }],
    ['CLIENT_INIT', {}, { kind: 'ignore' }],
    ['CLIENT_CONFIGURATION_FINISHED', {}, { kind: 'ignore' }],
  ])('%s %j', (type, data, expected) => {
    expect(connectionDialogStep({ type, data })).toStrictEqual(expected);
  });
});
