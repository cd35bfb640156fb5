import { describe, expect, it } from 'vitest';
import {
  extractRouteFromUrl,
  initialRoute,
  joinPrefix,
  normalizePrefix,
  withoutTrailingSlashes,
} from './routes';

describe('normalizePrefix', () => {
  it.each<[string | undefined, string]>([
    [undefined, ''],
    ['/', ''],
    ['', ''],
    ['/org/1', '/org/1'],
    ['/org/1/', '/org/1'],
    ['org/1', '/org/1'],
    ['/automations//', '/automations'],
  ])('%j -> %j', (prefix, expected) => {
    expect(normalizePrefix(prefix)).toBe(expected);
  });
});

describe('joinPrefix (the host route of an app route)', () => {
  it.each<[string, string | undefined, string, string]>([
    ['no prefix adds nothing', undefined, '/flows', '/flows'],
    ['prefix "/" adds nothing', '/', '/flows/abc', '/flows/abc'],
    ['a prefix is put in front', '/automations', '/flows', '/automations/flows'],
    ['a trailing slash of the prefix is not doubled', '/automations/', '/flows', '/automations/flows'],
    ['a prefix without a leading slash gets one', 'automations', '/runs', '/automations/runs'],
    ['a route without a leading slash gets one', '/automations', 'runs', '/automations/runs'],
    ['the app root under a prefix', '/automations', '/', '/automations/'],
    ['the query is kept', '/a', '/flows?folderId=x', '/a/flows?folderId=x'],
  ])('%s', (_, prefix, route, expected) => {
    expect(joinPrefix(prefix, route)).toBe(expected);
  });
});

describe('initialRoute', () => {
  it.each<[string, string | undefined, string, string | undefined, string]>([
    ['embedding.initialRoute wins', '/runs', '/automations/flows', '/automations', '/runs'],
    ['embedding.initialRoute gets a leading slash', 'runs', '/', undefined, '/runs'],
    [
      'else the host path after the prefix',
      undefined,
      '/automations/flows/abc',
      '/automations',
      '/flows/abc',
    ],
    ['the prefix itself opens the root', undefined, '/automations', '/automations', '/'],
    ['a path outside the prefix opens the root', undefined, '/settings', '/automations', '/'],
    ['a look-alike path is outside the prefix', undefined, '/automations2/flows', '/automations', '/'],
    ['with prefix "/" the root, whatever the host path', undefined, '/settings', '/', '/'],
    ['without a prefix the root', undefined, '/flows', undefined, '/'],
    ['an empty initialRoute is ignored', '', '/automations/runs', '/automations', '/runs'],
  ])('%s', (_, given, hostPathname, prefix, expected) => {
    expect(initialRoute({ initialRoute: given, hostPathname, prefix })).toBe(expected);
  });
});

describe('extractRouteFromUrl', () => {
  const hostOrigin = 'https://host.example';
  it.each<[string, string, string | undefined, string | undefined]>([
    ['the route after the prefix', 'https://host.example/org/1/flows/abc', '/org/1', '/flows/abc'],
    ['query and hash are kept', 'https://host.example/org/1/runs?page=2#top', '/org/1', '/runs?page=2#top'],
    ['the prefix alone is the root', 'https://host.example/org/1', '/org/1', '/'],
    [
      'a trailing slash of the prefix option does not matter',
      'https://host.example/org/1/runs',
      '/org/1/',
      '/runs',
    ],
    ['prefix "/" keeps the whole path', 'https://host.example/flows', '/', '/flows'],
    ['the bare origin with prefix "/" is the root', 'https://host.example', '/', '/'],
    ['outside the prefix: undefined', 'https://host.example/settings', '/org/1', undefined],
    ['a look-alike prefix: undefined', 'https://host.example/org/12/flows', '/org/1', undefined],
    ['another origin: undefined', 'https://other.example/org/1/flows', '/org/1', undefined],
  ])('%s', (_, vendorUrl, prefix, expected) => {
    expect(extractRouteFromUrl({ vendorUrl, hostOrigin, prefix })).toBe(expected);
  });
});

describe('withoutTrailingSlashes', () => {
  it.each([
    ['https://a.io/', 'https://a.io'],
    ['https://a.io//', 'https://a.io'],
    ['https://a.io/base/', 'https://a.io/base'],
    ['https://a.io', 'https://a.io'],
  ])('%s -> %s', (url, expected) => {
    expect(withoutTrailingSlashes(url)).toBe(expected);
  });
});
