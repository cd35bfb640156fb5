/**
 * The `{code, params}` of a failed git call: 502 GIT_SYNC_FAILED with `params.reason` (what went
 * wrong, read from git's and ssh's messages, which the server asks for in English) and
 * `params.message` (their own words, without ssh's notices).
 */
import { PieceworkError } from '@piecework/shared';
import type { GitCommandError } from './git-command';

/** Why a git call failed, as `params.reason` says it. */
export type GitFailureReason =
  | 'PUSH_REJECTED'
  | 'AUTHENTICATION_FAILED'
  | 'HOST_KEY_CHANGED'
  | 'REPOSITORY_NOT_FOUND'
  | 'REMOTE_UNREACHABLE'
  | 'TIMEOUT'
  | 'GIT_FAILED';

/** The error for a git call that failed for `reason`, saying `message`. */
export function gitSyncFailure(reason: GitFailureReason, message: string): PieceworkError {
  return new PieceworkError('GIT_SYNC_FAILED', { message, reason });
}

/** Most of git's message kept in `params.message` (its end, where the cause is). */
const MAX_MESSAGE = 2000;

/** The ordered rules reading a reason from stderr: the first match wins. */
const REASONS: readonly [RegExp, GitFailureReason][] = [
  [/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key verification failed/i, 'HOST_KEY_CHANGED'],
  [
    /\[rejected\]|\[remote rejected\]|non-fast-forward|fetch first|failed to push some refs/i,
    'PUSH_REJECTED',
  ],
  [
    /Permission denied|Authentication failed|no such identity|invalid format|error in libcrypto/i,
    'AUTHENTICATION_FAILED',
  ],
  [
    /does not appear to be a git repository|repository .*not found|not a git repository/i,
    'REPOSITORY_NOT_FOUND',
  ],
  [
    /Could not resolve hostname|Connection refused|Connection timed out|No route to host|Network is unreachable|Connection closed|Connection reset|kex_exchange_identification/i,
    'REMOTE_UNREACHABLE',
  ],
];

/** The {@link gitSyncFailure} a failed git call amounts to. */
export function gitFailureOf(error: GitCommandError): PieceworkError {
  const message = readableStderr(error.stderr) || error.message;
  if (error.timedOut)
    return gitSyncFailure('TIMEOUT', `git ${error.command} did not finish in time. ${message}`.trim());
  const reason = REASONS.find(([pattern]) => pattern.test(error.stderr))?.[1] ?? 'GIT_FAILED';
  return gitSyncFailure(reason, message);
}

/** Git's stderr without ssh's "Permanently added" notices, trimmed to its last {@link MAX_MESSAGE} characters. */
function readableStderr(stderr: string): string {
  const text = stderr
    .split('\n')
    .filter((line) => !line.startsWith('Warning: Permanently added'))
    .join('\n')
    .trim();
  return text.length > MAX_MESSAGE ? `…${text.slice(-MAX_MESSAGE)}` : text;
}
