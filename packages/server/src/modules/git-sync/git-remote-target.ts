/**
 * Where a git call connects: the stored remote URL checked against the server's rules just before
 * the call. A `file://` remote needs AP_GIT_SYNC_ALLOW_FILE_URLS. An SSH remote's host is resolved
 * once through the SSRF filter (loopback, private and metadata addresses are refused unless
 * AP_SSRF_ALLOW_LIST allows them), and git is handed the checked address itself, with the host's
 * name kept as the SSH host key alias: a second resolution cannot point the call elsewhere.
 */
import type { LookupAddress } from 'node:dns';
import { createSsrfLookup, SsrfBlockedError } from '@piecework/pieces';
import { parseGitRemoteUrl, PieceworkError, type SshGitRemote } from '@piecework/shared';
import { invalidRequest } from '../../infrastructure/errors';
import type { ServerSettings } from '../../infrastructure/config/server-settings';
import { gitSyncFailure } from './git-failure';

/** A checked remote: the URL to hand git, and for SSH the name its host key is known by. */
export interface GitRemoteTarget {
  readonly url: string;
  readonly protocol: 'ssh' | 'file';
  readonly hostKeyAlias: string | null;
}

/**
 * Checks `remoteUrl` against the settings and, for SSH, resolves its host through the SSRF filter.
 * Throws 400 VALIDATION (not a remote git sync accepts, or `file://` not allowed), 400
 * SSRF_BLOCKED, or 502 GIT_SYNC_FAILED (`REMOTE_UNREACHABLE`: the name does not resolve).
 */
export async function gitRemoteTarget(
  remoteUrl: string,
  settings: Pick<ServerSettings, 'config'>,
): Promise<GitRemoteTarget> {
  const remote = parseGitRemoteUrl(remoteUrl);
  if (remote === null) throw invalidRequest(`Not a git remote git sync accepts: ${remoteUrl}`, { remoteUrl });
  if (remote.kind === 'file') {
    assertFileUrlsAllowed(settings);
    return { url: `file://${remote.path}`, protocol: 'file', hostKeyAlias: null };
  }
  const address = await checkedAddress(remote.host, settings.config.ssrfAllowList);
  return { url: sshUrl(remote, address), protocol: 'ssh', hostKeyAlias: remote.host };
}

/** Refuses (400 VALIDATION, `reason: FILE_URLS_DISABLED`) a `file://` remote unless the setting allows it. */
export function assertFileUrlsAllowed(settings: Pick<ServerSettings, 'config'>): void {
  if (!settings.config.gitSyncAllowFileUrls) {
    throw invalidRequest('file:// remotes are off on this server (AP_GIT_SYNC_ALLOW_FILE_URLS)', {
      reason: 'FILE_URLS_DISABLED',
    });
  }
}

/** The one address `host` resolves to that the SSRF filter lets through (all must pass). */
async function checkedAddress(host: string, allowList: readonly string[]): Promise<LookupAddress> {
  const lookup = createSsrfLookup(allowList);
  try {
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) => {
      lookup(host, { all: true }, (error, result) => {
        if (error) reject(error);
        else resolve(typeof result === 'string' ? [] : result);
      });
    });
    const [first] = addresses;
    if (first === undefined) throw new Error(`${host} has no address`);
    return first;
  } catch (error) {
    if (error instanceof SsrfBlockedError) {
      throw new PieceworkError('SSRF_BLOCKED', {
        message: error.message,
        host: error.host,
        address: error.address,
        reason: error.reason,
      });
    }
    throw gitSyncFailure('REMOTE_UNREACHABLE', `Could not resolve ${host}: ${(error as Error).message}`);
  }
}

/** The remote's URL with its host replaced by `address`, in the form it was written. */
function sshUrl(remote: SshGitRemote, address: LookupAddress): string {
  const host = address.family === 6 ? `[${address.address}]` : address.address;
  const user = remote.user === null ? '' : `${remote.user}@`;
  if (remote.scpLike) return `${user}${host}:${remote.path}`;
  return `ssh://${user}${host}${remote.port === null ? '' : `:${String(remote.port)}`}${remote.path}`;
}
