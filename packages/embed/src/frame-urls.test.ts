import { describe, expect, it } from 'vitest';
import { appFrameUrl, connectionsRoute, connectionsUrl, windowFeatures } from './frame-urls';

describe('appFrameUrl', () => {
  it('opens /embed with the time, and nothing secret in the URL', () => {
    expect(appFrameUrl('https://flows.example', 1700000000000)).toBe(
      'https://flows.example/embed?currentDate=1700000000000',
    );
  });
});

describe('connectionsRoute and connectionsUrl', () => {
  it.each<[string, { pieceName: string; connectionName?: string }, string]>([
    ['a piece', { pieceName: 'slack' }, '/embed/connections?pieceName=slack&randomId=42'],
    [
      'a scoped piece name, encoded',
      { pieceName: '@activepieces/piece-slack' },
      '/embed/connections?pieceName=%40activepieces%2Fpiece-slack&randomId=42',
    ],
    [
      'a connection name, encoded',
      { pieceName: 'slack', connectionName: 'team a&b=c #1' },
      '/embed/connections?pieceName=slack&randomId=42&connectionName=team+a%26b%3Dc+%231',
    ],
    [
      'an empty connection name is left out',
      { pieceName: 'slack', connectionName: '' },
      '/embed/connections?pieceName=slack&randomId=42',
    ],
  ])('%s', (_, options, expected) => {
    expect(connectionsRoute(options, 42)).toBe(expected);
    expect(connectionsUrl('https://flows.example', options, 42)).toBe(`https://flows.example${expected}`);
  });

  it('reads back the exact names', () => {
    const url = new URL(
      connectionsUrl('https://f.example', { pieceName: '@a/p?x', connectionName: 'é / +' }, 7),
    );
    expect(Object.fromEntries(url.searchParams)).toStrictEqual({
      pieceName: '@a/p?x',
      randomId: '7',
      connectionName: 'é / +',
    });
  });
});

describe('windowFeatures', () => {
  it.each([
    [{}, 'width=700,height=700,top=0,left=0'],
    [{ width: 500, height: 600, top: 10, left: 20 }, 'width=500,height=600,top=10,left=20'],
    [{ width: 400 }, 'width=400,height=700,top=0,left=0'],
  ])('%j -> %s', (requested, expected) => {
    expect(windowFeatures(requested)).toBe(expected);
  });
});
