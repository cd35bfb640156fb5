import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { PageQuery } from '../common/page';
import { GIT_SLUG_PATTERN, isGitBranchName, parseGitRemoteUrl } from './git-remote-url';

/**
 * What a connected branch is for, by Activepieces' names: `DEVELOPMENT`, a branch the project's
 * flows are pushed to; `PRODUCTION`, a branch a project is released from. Both may be pushed to
 * and pulled from; the type tells people which way the project's changes are meant to go.
 */
export const GitBranchType = z.enum(['PRODUCTION', 'DEVELOPMENT']);
export type GitBranchType = z.infer<typeof GitBranchType>;

/**
 * A project's connection to a git repository and branch (`GET|POST /v1/git-repos`). The project's
 * files live under `projects/<slug>/` of the branch. Never carries the private key;
 * `sshPublicKey` is the OpenSSH public half of the deploy key the server made (null when the
 * key was given in `sshPrivateKey`): add it to the repository's deploy keys with write access.
 */
export const GitRepo = z.object({
  ...BaseModelFields,
  projectId: z.string(),
  remoteUrl: z.string(),
  branch: z.string(),
  branchType: GitBranchType,
  slug: z.string(),
  sshPublicKey: z.string().nullable(),
});
export type GitRepo = z.infer<typeof GitRepo>;

/** A remote URL git sync accepts (see `parseGitRemoteUrl`). */
export const GitRemoteUrl = z
  .string()
  .trim()
  .refine((url) => parseGitRemoteUrl(url) !== null, {
    message:
      'must be an SSH remote such as git@github.com:acme/flows.git or ssh://git@host:22/acme/flows.git (or file:///path when the server allows it)',
  });

/** A branch name git sync accepts (see `isGitBranchName`). */
export const GitBranchName = z.string().trim().refine(isGitBranchName, {
  message: 'must be a branch name of letters, digits, ".", "_", "-" and "/" (such as main or release/v2)',
});

/** A project's folder name in the repository (`projects/<slug>/`). */
export const GitSlug = z.string().trim().regex(GIT_SLUG_PATTERN, {
  message: 'must be lowercase letters, digits, "-" and "_", starting with a letter or a digit (at most 64)',
});

/**
 * A private key as OpenSSH reads it (a PEM block: `-----BEGIN OPENSSH PRIVATE KEY-----`, `EC`,
 * `RSA` or PKCS#8), unencrypted.
 */
export const SshPrivateKey = z
  .string()
  .trim()
  .max(16_384)
  .regex(
    /^-----BEGIN (OPENSSH |EC |RSA |)PRIVATE KEY-----\r?\n[A-Za-z0-9+/=\s]+\r?\n-----END \1PRIVATE KEY-----$/,
    {
      message: 'must be an unencrypted private key in PEM form (-----BEGIN OPENSSH PRIVATE KEY----- ...)',
    },
  )
  .transform((key) => `${key.replaceAll('\r\n', '\n')}\n`);

/**
 * Body of `POST /v1/git-repos`: connect project `projectId` to `branch` of `remoteUrl` (replacing
 * its connection if it has one). Without `sshPrivateKey` the server makes a deploy key and
 * answers its public half in `sshPublicKey`.
 */
export const ConfigureRepoRequest = z.object({
  projectId: z.string().min(1),
  remoteUrl: GitRemoteUrl,
  branch: GitBranchName,
  branchType: GitBranchType,
  slug: GitSlug,
  sshPrivateKey: SshPrivateKey.optional(),
});
export type ConfigureRepoRequest = z.infer<typeof ConfigureRepoRequest>;

/** Query of `GET /v1/git-repos?projectId` (a page holds the project's one repository, or none). */
export const ListGitReposQuery = PageQuery.extend({ projectId: z.string() });
export type ListGitReposQuery = z.infer<typeof ListGitReposQuery>;

/**
 * What a push writes to the branch, by Activepieces' names: the flows (`PUSH_FLOW`) or tables
 * (`PUSH_TABLE`) named by externalId as they are in the project now, their removal from the branch
 * (`DELETE_FLOW`, `DELETE_TABLE`), or the whole project (`PUSH_EVERYTHING`: every flow and table,
 * and the removal of those the project no longer has).
 */
export const GitPushOperationType = z.enum([
  'PUSH_FLOW',
  'DELETE_FLOW',
  'PUSH_TABLE',
  'DELETE_TABLE',
  'PUSH_EVERYTHING',
]);
export type GitPushOperationType = z.infer<typeof GitPushOperationType>;

/** Body of `POST /v1/git-repos/:id/push`: one commit with `commitMessage`, made as the caller. */
export const PushGitRepoRequest = z
  .object({
    type: GitPushOperationType,
    commitMessage: z.string().trim().min(1).max(2000),
    externalFlowIds: z.array(z.string().min(1)).max(1000).optional(),
    externalTableIds: z.array(z.string().min(1)).max(1000).optional(),
  })
  .superRefine((request, ctx) => {
    const flows = request.type === 'PUSH_FLOW' || request.type === 'DELETE_FLOW';
    const tables = request.type === 'PUSH_TABLE' || request.type === 'DELETE_TABLE';
    if (flows && (request.externalFlowIds ?? []).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['externalFlowIds'],
        message: `is required with ${request.type}`,
      });
    }
    if (tables && (request.externalTableIds ?? []).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['externalTableIds'],
        message: `is required with ${request.type}`,
      });
    }
  });
export type PushGitRepoRequest = z.infer<typeof PushGitRepoRequest>;

/** The answer of a push: the commit made, or null when the branch already held exactly those files. */
export const GitPushResult = z.object({ commitId: z.string().nullable() });
export type GitPushResult = z.infer<typeof GitPushResult>;
