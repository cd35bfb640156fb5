import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  projectStateFromFiles,
  projectStateToFiles,
  type GitRepo,
  type ProjectState,
} from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { code, expectStatus } from '../../testing/features/flow-test-kit';
import { bareRepository, gitReposApi, type BareRepository } from '../../testing/features/git-sync-test-kit';
import { buildFlow, ok, releasesApi, teamProject } from '../../testing/features/release-test-kit';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
let api: ReturnType<typeof gitReposApi>;
let releases: ReturnType<typeof releasesApi>;

beforeAll(async () => {
  server = await startTestServer({ AP_GIT_SYNC_ALLOW_FILE_URLS: 'true' });
  admin = await signUpTestUser(server);
  api = gitReposApi(server, admin.token);
  releases = releasesApi(server, admin.token);
});
afterAll(() => server.close());

/** A bare repository removed after the test. */
function freshBare(): BareRepository {
  const bare = bareRepository();
  onTestFinished(() => bare.remove());
  return bare;
}

/** Connects `projectId` to `remoteUrl`'s `main` branch, folder `projects/<slug>/`. */
async function connect(projectId: string, remoteUrl: string, extra: Record<string, unknown> = {}) {
  const answer = await api.configure({
    projectId,
    remoteUrl,
    branch: 'main',
    branchType: 'DEVELOPMENT',
    slug: 'team',
    ...extra,
  });
  return expectStatus(answer, 201);
}

/** The state `files` decode to (fails the test when the codec refuses them). */
function decoded(files: Record<string, string>): ProjectState {
  const result = projectStateFromFiles(files);
  if (!result.ok) throw new Error(JSON.stringify(result.refusal));
  return result.state;
}

/** The stored row of repository `id`. */
function rowOf(id: string) {
  return server.server.context.store.db
    .selectFrom('gitRepo')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('git sync over file://', () => {
  it('pushes a flow as the caller, then releases the branch after someone changed it there', async () => {
    const bare = freshBare();
    const projectId = await teamProject(server, admin.token, true);
    await buildFlow(server, admin.token, projectId, 'orders', [code('step_1', 'return 1;')]);
    const repo = await connect(projectId, bare.url);
    expect(repo).toEqual({
      id: expect.any(String) as unknown,
      created: expect.any(String) as unknown,
      updated: expect.any(String) as unknown,
      projectId,
      remoteUrl: bare.url,
      branch: 'main',
      branchType: 'DEVELOPMENT',
      slug: 'team',
      sshPublicKey: expect.stringMatching(
        /^ecdsa-sha2-nistp256 AAAA[A-Za-z0-9+/]+=* piecework-git-sync-team$/,
      ) as unknown,
    });

    const pushed = ok(
      await api.push(repo.id, {
        type: 'PUSH_FLOW',
        commitMessage: 'Add orders',
        externalFlowIds: ['orders'],
      }),
    );
    expect(pushed.commitId).toMatch(/^[0-9a-f]{40}$/);
    expect(bare.git(['log', '--format=%H|%an|%ae|%cn|%s', 'main']).trim()).toBe(
      `${pushed.commitId!}|Test User|${admin.email.toLowerCase()}|Test User|Add orders`,
    );
    const changed = bare.git(['show', '--name-only', '--format=', 'main']).split('\n').filter(Boolean);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((path) => path.startsWith('projects/team/'))).toBe(true);
    const exported = ok(await releases.exportState(projectId));
    expect(decoded(bare.projectFiles('main', 'team')).flows).toEqual(exported.flows);

    // The branch already holds these files: no commit.
    expect(
      ok(await api.push(repo.id, { type: 'PUSH_FLOW', commitMessage: 'Again', externalFlowIds: ['orders'] })),
    ).toEqual({ commitId: null });

    bare.commit('main', 'team', 'Rename orders', (files) => {
      const state = decoded(files);
      state.flows[0]!.version.displayName = 'Orders from git';
      return projectStateToFiles(state);
    });
    const plan = ok(await releases.diff({ projectId, type: 'GIT' }));
    expect(plan.flows).toEqual([
      expect.objectContaining({ type: 'UPDATE_FLOW', externalId: 'orders', changes: ['displayName'] }),
    ]);
    // Planning changed nothing.
    expect(ok(await releases.exportState(projectId)).flows).toEqual(exported.flows);

    const release = await releases.create({ projectId, type: 'GIT', name: 'From git' });
    expect(release.status).toBe(201);
    expect(release.body).toMatchObject({ type: 'GIT', name: 'From git', projectId, sourceProjectId: null });
    const after = ok(await releases.exportState(projectId));
    expect(after.flows.map((flow) => [flow.externalId, flow.version.displayName])).toEqual([
      ['orders', 'Orders from git'],
    ]);
    expect(ok(await releases.diff({ projectId, type: 'GIT' })).flows).toEqual([]);
  }, 60_000);

  it('pushes the whole project, and removes a flow from the branch with DELETE_FLOW', async () => {
    const bare = freshBare();
    const projectId = await teamProject(server, admin.token, true);
    await buildFlow(server, admin.token, projectId, 'alpha', [code('step_1', 'return 1;')]);
    await buildFlow(server, admin.token, projectId, 'beta', [code('step_1', 'return 2;')], 'DISABLED');
    const repo = await connect(projectId, bare.url);
    ok(await api.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'Everything' }));
    expect(decoded(bare.projectFiles('main', 'team'))).toEqual(ok(await releases.exportState(projectId)));

    ok(
      await api.push(repo.id, { type: 'DELETE_FLOW', commitMessage: 'Drop beta', externalFlowIds: ['beta'] }),
    );
    expect(decoded(bare.projectFiles('main', 'team')).flows.map((flow) => flow.externalId)).toEqual([
      'alpha',
    ]);
    expect(bare.git(['log', '--format=%s', 'main']).trim().split('\n')).toEqual(['Drop beta', 'Everything']);
    // A flow the project lacks cannot be pushed.
    const missing = await api.push(repo.id, {
      type: 'PUSH_FLOW',
      commitMessage: 'Ghost',
      externalFlowIds: ['ghost'],
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
  }, 60_000);

  it("answers a push the remote declines with 502 PUSH_REJECTED and the remote's own words", async () => {
    const bare = freshBare();
    writeFileSync(
      join(bare.path, 'hooks', 'pre-receive'),
      '#!/bin/sh\necho "pushes to main need a review" >&2\nexit 1\n',
    );
    chmodSync(join(bare.path, 'hooks', 'pre-receive'), 0o755);
    const projectId = await teamProject(server, admin.token, true);
    await buildFlow(server, admin.token, projectId, 'orders', [code('step_1', 'return 1;')]);
    const repo = await connect(projectId, bare.url);
    const answer = await api.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'Declined' });
    expect(answer).toMatchObject({
      status: 502,
      body: {
        code: 'GIT_SYNC_FAILED',
        params: {
          reason: 'PUSH_REJECTED',
          message: expect.stringContaining('pushes to main need a review') as unknown,
        },
      },
    });
    expect(bare.git(['for-each-ref', '--format=%(refname)'])).toBe('');
  }, 60_000);

  it('answers a repository that is not there with 502 REPOSITORY_NOT_FOUND', async () => {
    const projectId = await teamProject(server, admin.token, true);
    const repo = await connect(projectId, 'file:///nowhere/flows.git');
    const answer = await api.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'Lost' });
    expect(answer).toMatchObject({
      status: 502,
      body: { code: 'GIT_SYNC_FAILED', params: { reason: 'REPOSITORY_NOT_FOUND' } },
    });
  }, 60_000);

  it('refuses GIT releases without a repository, a branch or project files (409)', async () => {
    const projectId = await teamProject(server, admin.token, true);
    expect(await releases.diff({ projectId, type: 'GIT' })).toMatchObject({
      status: 409,
      body: { code: 'VALIDATION', params: { reason: 'GIT_REPO_NOT_CONFIGURED' } },
    });
    const bare = freshBare();
    await connect(projectId, bare.url);
    expect(await releases.diff({ projectId, type: 'GIT' })).toMatchObject({
      status: 409,
      body: { code: 'VALIDATION', params: { reason: 'GIT_BRANCH_NOT_FOUND' } },
    });
    bare.commit('main', 'other', 'Another project', () =>
      projectStateToFiles({ flows: [], tables: [], connections: [] }),
    );
    expect(await releases.create({ projectId, type: 'GIT', name: 'Empty' })).toMatchObject({
      status: 409,
      body: { code: 'VALIDATION', params: { reason: 'GIT_PROJECT_FOLDER_EMPTY' } },
    });
  }, 60_000);
});

describe('git sync addresses', () => {
  it.each([
    ['an HTTPS URL', { remoteUrl: 'https://github.com/acme/flows.git' }],
    ['an option as the path', { remoteUrl: 'git@github.com:-oProxyCommand=touch /tmp/pwned' }],
    ['an option as the host', { remoteUrl: 'ssh://-oProxyCommand=x/acme/flows.git' }],
    ['the ext transport', { remoteUrl: 'ext::sh -c touch% /tmp/pwned' }],
    ['a path climbing out', { remoteUrl: 'git@github.com:acme/../../etc/passwd' }],
    ['a file path climbing out', { remoteUrl: 'file:///tmp/../etc' }],
    ['an option as the branch', { branch: '--upload-pack=touch' }],
    ['a branch with ..', { branch: 'a..b' }],
    ['a .lock branch', { branch: 'main.lock' }],
    ['a slug with capitals', { slug: 'Team' }],
    ['a slug climbing out', { slug: '../team' }],
    [
      'an encrypted key',
      {
        sshPrivateKey:
          '-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nabc\n-----END RSA PRIVATE KEY-----',
      },
    ],
  ])('refuses %s (400 VALIDATION) and stores nothing', async (_, change) => {
    const projectId = await teamProject(server, admin.token, true);
    const answer = await api.configure({
      projectId,
      remoteUrl: 'git@github.com:acme/flows.git',
      branch: 'main',
      branchType: 'PRODUCTION',
      slug: 'team',
      ...change,
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(ok(await api.list(projectId)).data).toEqual([]);
  });

  it.each([
    ['loopback', 'ssh://git@127.0.0.1/acme/flows.git'],
    ['a private address', 'git@10.0.0.1:acme/flows.git'],
    ['the cloud metadata address', 'ssh://git@169.254.169.254:2222/acme/flows.git'],
  ])('refuses to push to or pull from %s (400 SSRF_BLOCKED)', async (_, remoteUrl) => {
    const projectId = await teamProject(server, admin.token, true);
    const repo = await connect(projectId, remoteUrl);
    expect(await api.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'Nope' })).toMatchObject({
      status: 400,
      body: { code: 'SSRF_BLOCKED' },
    });
    expect(await releases.diff({ projectId, type: 'GIT' })).toMatchObject({
      status: 400,
      body: { code: 'SSRF_BLOCKED' },
    });
  });

  it('refuses file:// remotes on a server that does not allow them', async () => {
    const strict = await startTestServer();
    onTestFinished(() => strict.close());
    const user = await signUpTestUser(strict);
    const answer = await gitReposApi(strict, user.token).configure({
      projectId: user.projectId,
      remoteUrl: 'file:///srv/git/flows.git',
      branch: 'main',
      branchType: 'DEVELOPMENT',
      slug: 'team',
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', params: { reason: 'FILE_URLS_DISABLED' } },
    });
  }, 60_000);
});

describe('git sync keys', () => {
  it('makes a deploy key OpenSSH loads, keeps it sealed, and never answers the private half', async () => {
    const projectId = await teamProject(server, admin.token, true);
    const repo = await connect(projectId, 'git@github.com:acme/flows.git');
    const row = await rowOf(repo.id);
    expect(row.sshPrivateKey).toMatch(/^v1:/);
    const privateKey = server.server.context.secrets.open<string>(row.sshPrivateKey);
    expect(privateKey).toContain('PRIVATE KEY');
    const dir = mkdtempSync(join(tmpdir(), 'piecework-key-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'key'), privateKey, { mode: 0o600 });
    const derived = execFileSync('ssh-keygen', ['-y', '-f', join(dir, 'key')], { encoding: 'utf8' });
    expect(repo.sshPublicKey!.split(' ').slice(0, 2)).toEqual(derived.trim().split(' ').slice(0, 2));
    const listed = ok(await api.list(projectId));
    expect(listed.data).toEqual([repo]);
    for (const answer of [repo, listed]) {
      expect(JSON.stringify(answer)).not.toContain('PRIVATE');
      expect(JSON.stringify(answer)).not.toContain('sshPrivateKey');
    }

    // Configuring again without a key keeps the deploy key already added to the repository.
    const again = await connect(projectId, 'git@github.com:acme/other.git', { branchType: 'PRODUCTION' });
    expect(again).toMatchObject({ id: repo.id, sshPublicKey: repo.sshPublicKey, branchType: 'PRODUCTION' });
  });

  it("takes the caller's own key, answers no public key, and never answers the key", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'piecework-key-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'key')]);
    const privateKey = readFileSync(join(dir, 'key'), 'utf8');
    const body = privateKey.split('\n')[1]!;
    const projectId = await teamProject(server, admin.token, true);
    const repo = await connect(projectId, 'git@github.com:acme/flows.git', { sshPrivateKey: privateKey });
    expect(repo.sshPublicKey).toBeNull();
    const listed = ok(await api.list(projectId));
    for (const answer of [repo, listed]) expect(JSON.stringify(answer)).not.toContain(body);
    const row = await rowOf(repo.id);
    expect(row.sshPrivateKey).not.toContain(body);
    expect(server.server.context.secrets.open<string>(row.sshPrivateKey)).toBe(privateKey);
  });
});

describe('git sync access', () => {
  let projectId: string;
  let repo: GitRepo;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    projectId = await teamProject(server, admin.token, true);
    repo = await connect(projectId, 'git@github.com:acme/flows.git');
    editor = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Editor' }]);
    viewer = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }]);
    stranger = await signUpTestUser(server);
  });

  it.each([
    ['an Editor', () => editor],
    ['a Viewer', () => viewer],
  ])('refuses %s configuring, pushing or disconnecting (403), and changes nothing', async (_, who) => {
    const calls = gitReposApi(server, who().token);
    const before = await rowOf(repo.id);
    const refused = [
      await calls.configure({
        projectId,
        remoteUrl: 'git@evil.example.com:x/y.git',
        branch: 'main',
        branchType: 'DEVELOPMENT',
        slug: 'team',
      }),
      await calls.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'Mine' }),
      await calls.delete(repo.id),
    ];
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });
    expect(await rowOf(repo.id)).toEqual(before);
  });

  it('lets a Viewer see the connection, without its key', async () => {
    const listed = ok(await gitReposApi(server, viewer.token).list(projectId));
    expect(listed.data.map((each) => each.id)).toEqual([repo.id]);
  });

  it("answers another platform's user with 404", async () => {
    const calls = gitReposApi(server, stranger.token);
    expect((await calls.list(projectId)).status).toBe(404);
    expect((await calls.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'x' })).status).toBe(404);
    expect((await calls.delete(repo.id)).status).toBe(404);
  });

  it('disconnects (204), after which the connection is gone', async () => {
    expect((await api.delete(repo.id)).status).toBe(204);
    expect(ok(await api.list(projectId)).data).toEqual([]);
    expect((await api.push(repo.id, { type: 'PUSH_EVERYTHING', commitMessage: 'x' })).status).toBe(404);
  });
});
