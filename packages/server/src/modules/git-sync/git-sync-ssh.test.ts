/**
 * Git sync over real SSH: OpenSSH's sshd on loopback (allowed through AP_SSRF_ALLOW_LIST) holding
 * a bare repository, the server-made deploy key as its only authorized key. Skipped where
 * `/usr/sbin/sshd` is not installed (Debian's openssh-server).
 */
import { existsSync } from 'node:fs';
import { projectStateFromFiles, projectStateToFiles, type ProjectState } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code, expectStatus } from '../../testing/features/flow-test-kit';
import { bareRepository, gitReposApi, type BareRepository } from '../../testing/features/git-sync-test-kit';
import { buildFlow, ok, releasesApi, teamProject } from '../../testing/features/release-test-kit';
import { SSHD_PATH, startLocalSshServer, type LocalSshServer } from '../../testing/local-ssh-server';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';

const sshdMissing = !existsSync(SSHD_PATH);

describe.skipIf(sshdMissing)(`git sync over SSH (needs ${SSHD_PATH}: apt-get install openssh-server)`, () => {
  let server: TestServer;
  let admin: TestUser;
  let bare: BareRepository;
  let sshd: LocalSshServer | undefined;

  beforeAll(async () => {
    server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' });
    admin = await signUpTestUser(server);
    bare = bareRepository();
  });
  afterAll(async () => {
    await sshd?.close();
    bare.remove();
    await server.close();
  });

  function decoded(files: Record<string, string>): ProjectState {
    const result = projectStateFromFiles(files);
    if (!result.ok) throw new Error(JSON.stringify(result.refusal));
    return result.state;
  }

  it('pushes with the deploy key, releases the branch back, and refuses a changed host key', async () => {
    const api = gitReposApi(server, admin.token);
    const releases = releasesApi(server, admin.token);
    const projectId = await teamProject(server, admin.token, true);
    await buildFlow(server, admin.token, projectId, 'orders', [code('step_1', 'return 1;')]);
    const configure = (remoteUrl: string) =>
      api.configure({ projectId, remoteUrl, branch: 'main', branchType: 'DEVELOPMENT', slug: 'team' });
    // The deploy key exists once the project is configured; the host then authorizes it.
    const first = expectStatus(await configure('ssh://git@127.0.0.1:22/placeholder.git'), 201);
    sshd = await startLocalSshServer({ authorizedKeys: [first.sshPublicKey!] });
    const repo = expectStatus(await configure(sshd.urlOf(bare.path)), 201);
    expect(repo.sshPublicKey).toBe(first.sshPublicKey);

    const pushed = ok(await api.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'Over SSH' }));
    expect(bare.git(['log', '--format=%H %s', 'main']).trim()).toBe(`${pushed.commitId!} Over SSH`);
    const row = await server.server.context.store.db
      .selectFrom('gitRepo')
      .select('knownHosts')
      .where('id', '=', repo.id)
      .executeTakeFirstOrThrow();
    expect(row.knownHosts).toMatch(/^127\.0\.0\.1 ssh-ed25519 /);

    bare.commit('main', 'team', 'Rename over there', (files) => {
      const state = decoded(files);
      state.flows[0]!.version.displayName = 'Orders over SSH';
      return projectStateToFiles(state);
    });
    expect(ok(await releases.diff({ projectId, type: 'GIT' })).flows).toEqual([
      expect.objectContaining({ type: 'UPDATE_FLOW', externalId: 'orders', changes: ['displayName'] }),
    ]);
    ok(await releases.create({ projectId, type: 'GIT', name: 'Over SSH' }));
    const flows = ok(await releases.exportState(projectId)).flows;
    expect(flows.map((flow) => flow.version.displayName)).toEqual(['Orders over SSH']);

    // The same address with another host key: refused, and the known key is kept.
    const port = sshd.port;
    await sshd.close();
    sshd = await startLocalSshServer({ authorizedKeys: [first.sshPublicKey!], port });
    expect(await api.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'Spoofed' })).toMatchObject({
      status: 502,
      body: { code: 'GIT_SYNC_FAILED', params: { reason: 'HOST_KEY_CHANGED' } },
    });
    await sshd.close();
    sshd = undefined;
    expect(await api.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'Nobody home' })).toMatchObject({
      status: 502,
      body: { code: 'GIT_SYNC_FAILED', params: { reason: 'REMOTE_UNREACHABLE' } },
    });
  }, 120_000);

  it('answers a key the host does not know with 502 AUTHENTICATION_FAILED', async () => {
    const api = gitReposApi(server, admin.token);
    const projectId = await teamProject(server, admin.token, true);
    const other = await startLocalSshServer({ authorizedKeys: [] });
    try {
      const repo = expectStatus(
        await api.configure({
          projectId,
          remoteUrl: other.urlOf(bare.path),
          branch: 'main',
          branchType: 'DEVELOPMENT',
          slug: 'team',
        }),
        201,
      );
      expect(await api.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'Who?' })).toMatchObject({
        status: 502,
        body: {
          code: 'GIT_SYNC_FAILED',
          params: {
            reason: 'AUTHENTICATION_FAILED',
            message: expect.stringContaining('Permission denied') as unknown,
          },
        },
      });
    } finally {
      await other.close();
    }
  }, 60_000);
});
