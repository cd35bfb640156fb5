/**
 * `/projects/:projectId/git-sync` (READ_PROJECT_RELEASE), Activepieces' git sync: the project's
 * connection to a branch of a git repository over SSH. Connected, it shows the remote, branch,
 * folder and the deploy key's public half (with Copy) to add to the repository with write access,
 * and **Disconnect** (asks first). Roles with WRITE_PROJECT_RELEASE configure it: remote URL,
 * branch, branch type, folder name and, optionally, their own private key (otherwise the server
 * makes a deploy key). The server's refusal is shown under the form.
 */
import type { GitBranchType, GitRepo } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useProjectPermissions } from '../../api/use-project-permissions';
import { useProjectId } from '../../api/use-projects';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyField } from '../../components/copy-field';
import { FieldFrame, SelectField, TextField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { useConfigureGitRepo, useDisconnectGitRepo, useGitRepo } from './use-git-sync';
import './git-sync.css';

const BRANCH_TYPES = [
  { value: 'DEVELOPMENT', label: 'Development: this project pushes to it' },
  { value: 'PRODUCTION', label: 'Production: projects are released from it' },
];

/** The page of `/projects/:projectId/git-sync`. */
export function Page() {
  const projectId = useProjectId();
  const repo = useGitRepo(projectId);
  const permissions = useProjectPermissions(projectId);
  const canWrite = permissions.can('WRITE_PROJECT_RELEASE');
  const mayRead = permissions.isPending || permissions.can('READ_PROJECT_RELEASE');
  return (
    <section>
      <PageHeader
        title="Git sync"
        description="Keep this project's flows in a git repository: push flows to a branch, and release the branch into the project from Releases."
      />
      {mayRead ? (
        <QueryState query={repo} label="Loading the git connection">
          {(connected) => (
            <>
              {connected === null ? (
                <p className="empty">Not connected to a git repository.</p>
              ) : (
                <Connection repo={connected} projectId={projectId} canWrite={canWrite} />
              )}
              {canWrite ? <ConfigureForm projectId={projectId} current={connected} /> : null}
            </>
          )}
        </QueryState>
      ) : (
        <div className="notice info">Your role in this project does not show its git connection.</div>
      )}
    </section>
  );
}

/** The connection's facts, its public key and Disconnect. */
function Connection({ repo, projectId, canWrite }: { repo: GitRepo; projectId: string; canWrite: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectGitRepo(projectId);
  const { toast, toastError } = useToast();
  return (
    <div className="settings-section">
      <h2>Connected repository</h2>
      <dl className="git-facts">
        <dt>Remote</dt>
        <dd>{repo.remoteUrl}</dd>
        <dt>Branch</dt>
        <dd>
          {repo.branch} ({repo.branchType === 'PRODUCTION' ? 'production' : 'development'})
        </dd>
        <dt>Folder</dt>
        <dd>projects/{repo.slug}/</dd>
      </dl>
      {repo.sshPublicKey === null ? (
        <p className="muted">Connects with the private key given when it was configured.</p>
      ) : (
        <>
          <CopyField label="Deploy key (public)" value={repo.sshPublicKey} />
          <p className="field-hint">Add this key to the repository&apos;s deploy keys, with write access.</p>
        </>
      )}
      {canWrite ? (
        <button type="button" className="btn danger" onClick={() => setConfirming(true)}>
          Disconnect
        </button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Disconnect the repository?"
          message="The project stops pushing to and releasing from this branch. The repository keeps its files."
          confirmLabel="Disconnect"
          busy={disconnect.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            disconnect.mutate(repo.id, {
              onSuccess: () => {
                setConfirming(false);
                toast('Disconnected from the repository');
              },
              onError: toastError,
            })
          }
        />
      ) : null}
    </div>
  );
}

/** Connects the project, or changes its connection. */
function ConfigureForm({ projectId, current }: { projectId: string; current: GitRepo | null }) {
  const configure = useConfigureGitRepo(projectId);
  const { toast } = useToast();
  const [remoteUrl, setRemoteUrl] = useState(current?.remoteUrl ?? '');
  const [branch, setBranch] = useState(current?.branch ?? 'main');
  const [branchType, setBranchType] = useState<string>(current?.branchType ?? 'DEVELOPMENT');
  const [slug, setSlug] = useState(current?.slug ?? '');
  const [ownKey, setOwnKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (remoteUrl.trim() === '' || branch.trim() === '' || slug.trim() === '') {
      setError('Remote URL, branch and folder name are all needed.');
      return;
    }
    setError(undefined);
    try {
      await configure.mutateAsync({
        remoteUrl: remoteUrl.trim(),
        branch: branch.trim(),
        branchType: branchType as GitBranchType,
        slug: slug.trim(),
        ...(ownKey.trim() === '' ? {} : { sshPrivateKey: ownKey }),
      });
      setOwnKey('');
      toast(current === null ? 'Connected to the repository' : 'Git connection saved');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form
      className="settings-section git-sync-form"
      aria-label="Git connection"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2>{current === null ? 'Connect a repository' : 'Change the connection'}</h2>
      <TextField
        label="Remote URL"
        value={remoteUrl}
        required
        placeholder="git@github.com:acme/flows.git"
        hint="An SSH remote: git@host:owner/repo.git or ssh://git@host:22/owner/repo.git."
        onChange={(event) => setRemoteUrl(event.target.value)}
      />
      <TextField label="Branch" value={branch} required onChange={(event) => setBranch(event.target.value)} />
      <SelectField
        label="Branch type"
        value={branchType}
        options={BRANCH_TYPES}
        onValueChange={setBranchType}
      />
      <TextField
        label="Folder name"
        value={slug}
        required
        placeholder="sales-team"
        hint="The project's files go to projects/<folder name>/ (lowercase letters, digits, - and _)."
        onChange={(event) => setSlug(event.target.value)}
      />
      <FieldFrame
        label="Private key (optional)"
        hint="Leave empty and the server makes a deploy key; its public half is shown here to add to the repository."
      >
        {({ id, describedBy }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            rows={4}
            value={ownKey}
            placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
            onChange={(event) => setOwnKey(event.target.value)}
          />
        )}
      </FieldFrame>
      {error === undefined ? null : (
        <div className="notice error" role="alert">
          {error}
        </div>
      )}
      <button type="submit" className="btn primary" disabled={configure.isPending}>
        {current === null ? 'Connect' : 'Save'}
      </button>
    </form>
  );
}
