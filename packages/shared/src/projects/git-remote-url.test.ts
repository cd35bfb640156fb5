import { describe, expect, it } from 'vitest';
import { isGitBranchName, parseGitRemoteUrl } from './git-remote-url';

describe('parseGitRemoteUrl', () => {
  it.each([
    [
      'git@github.com:acme/flows.git',
      { kind: 'ssh', user: 'git', host: 'github.com', port: null, path: 'acme/flows.git', scpLike: true },
    ],
    [
      'ssh://git@git.example.com:2222/acme/flows.git',
      {
        kind: 'ssh',
        user: 'git',
        host: 'git.example.com',
        port: 2222,
        path: '/acme/flows.git',
        scpLike: false,
      },
    ],
    [
      'ssh://git.example.com/srv/git/flows',
      {
        kind: 'ssh',
        user: null,
        host: 'git.example.com',
        port: null,
        path: '/srv/git/flows',
        scpLike: false,
      },
    ],
    [
      'ssh://git@[2001:db8::1]:22/flows.git',
      { kind: 'ssh', user: 'git', host: '2001:db8::1', port: 22, path: '/flows.git', scpLike: false },
    ],
    ['file:///tmp/piecework-bare-x1/', { kind: 'file', path: '/tmp/piecework-bare-x1/' }],
  ])('reads %s', (url, expected) => {
    expect(parseGitRemoteUrl(url)).toEqual(expected);
  });

  it.each([
    'https://github.com/acme/flows.git',
    'http://example.com/flows.git',
    'ext::sh -c touch% /tmp/pwned',
    'fd::17',
    'git@github.com:-oProxyCommand=touch',
    '-oProxyCommand=touch@host:x',
    'ssh://-oProxyCommand=x/y',
    'ssh://git@host:0/x',
    'ssh://git@host:70000/x',
    'git@github.com:acme/../secrets',
    'git@github.com:acme/flows.git; rm -rf /',
    "git@github.com:acme/'flows'.git",
    'git@github.com:acme/fl ows.git',
    'file:///tmp/../etc',
    'file://host/tmp/x',
    'git@[github.com]:acme/flows.git',
    '',
  ])('refuses %j', (url) => {
    expect(parseGitRemoteUrl(url)).toBeNull();
  });
});

describe('isGitBranchName', () => {
  it.each(['main', 'release/v2', 'feature_x-1.2'])('accepts %s', (branch) => {
    expect(isGitBranchName(branch)).toBe(true);
  });

  it.each(['', '-f', '--upload-pack=x', 'a..b', 'main.lock', 'x/.hidden', 'x/', '/x', 'a b', 'a~1', 'ends.'])(
    'refuses %j',
    (branch) => {
      expect(isGitBranchName(branch)).toBe(false);
    },
  );
});
