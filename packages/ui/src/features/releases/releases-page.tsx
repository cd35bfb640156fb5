/**
 * The releases page (`/projects/:projectId/releases`), Activepieces' project
 * releases: the releases applied to the project, newest first (name, where it came from, who made
 * it, when), and **Create release** (for roles with WRITE_PROJECT_RELEASE), which reviews and
 * applies the flows and tables of another project, and **Pull from Git** when the project is
 * connected to a git branch (git sync), which does the same from the branch. Releases must be
 * turned on for the project first (`releasesEnabled`; roles with WRITE_PROJECT may, from this page).
 */
import { useState } from 'react';
import { useProjectPermissions } from '../../api/use-project-permissions';
import { useProjectId, useProjects } from '../../api/use-projects';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { formatDateTime, formatRelative } from '../../format/format-time';
import { useGitRepo } from '../git-sync/use-git-sync';
import { CreateReleaseDialog } from './create-release-dialog';
import { PullFromGitDialog } from './pull-from-git-dialog';
import { useToast } from '../../components/toast';
import { useEnableReleases, useReleasesPage } from './use-releases';
import './releases.css';

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const [cursor, setCursor] = useState<string | undefined>();
  const releases = useReleasesPage(projectId, cursor);
  const projects = useProjects().data ?? [];
  const projectNames = new Map(projects.map((project) => [project.id, project.displayName]));
  const permissions = useProjectPermissions(projectId);
  const canWrite = permissions.can('WRITE_PROJECT_RELEASE');
  // Unknown until the projects load: neither the button nor the notice shows meanwhile.
  const enabled = projects.find((project) => project.id === projectId)?.releasesEnabled;
  const enable = useEnableReleases(projectId);
  const { toastError } = useToast();
  const [creating, setCreating] = useState(false);
  const [pulling, setPulling] = useState(false);
  const gitRepo = useGitRepo(projectId).data ?? null;
  return (
    <div className="page releases-page">
      <PageHeader
        title="Releases"
        description="Bring the flows and tables of another project into this one, reviewing the changes first."
        actions={
          canWrite && enabled === true ? (
            <>
              {gitRepo === null ? null : (
                <button type="button" className="btn" onClick={() => setPulling(true)}>
                  Pull from Git
                </button>
              )}
              <button type="button" className="btn primary" onClick={() => setCreating(true)}>
                Create release
              </button>
            </>
          ) : undefined
        }
      />
      {enabled === false ? (
        <div className="notice info">
          <span>Releases are off for this project: nothing can be released into it.</span>
          {permissions.can('WRITE_PROJECT') ? (
            <button
              type="button"
              className="btn small"
              disabled={enable.isPending}
              onClick={() => enable.mutate(undefined, { onError: toastError })}
            >
              Turn on releases
            </button>
          ) : null}
        </div>
      ) : null}
      <QueryState query={releases} label="Loading releases">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">No releases yet.</p>
          ) : (
            <>
              <DataTable
                columns={[
                  { label: 'Name' },
                  { label: 'From' },
                  { label: 'By', className: 'hide-narrow' },
                  { label: 'Released', className: 'hide-narrow' },
                ]}
              >
                {page.data.map((release) => (
                  <tr key={release.id}>
                    <td>{release.name}</td>
                    <td>
                      {release.sourceProjectId === null
                        ? release.type === 'ROLLBACK'
                          ? 'An earlier release'
                          : release.type === 'GIT'
                            ? 'The git branch'
                            : 'A file'
                        : (projectNames.get(release.sourceProjectId) ?? 'Another project')}
                    </td>
                    <td className="hide-narrow">
                      {release.importedByUser === undefined
                        ? '—'
                        : `${release.importedByUser.firstName} ${release.importedByUser.lastName}`}
                    </td>
                    <td className="hide-narrow">
                      <time dateTime={release.created} title={formatDateTime(release.created)}>
                        {formatRelative(release.created)}
                      </time>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} onGo={setCursor} label="Releases" />
            </>
          )
        }
      </QueryState>
      {creating ? <CreateReleaseDialog projectId={projectId} onClose={() => setCreating(false)} /> : null}
      {pulling && gitRepo !== null ? (
        <PullFromGitDialog projectId={projectId} repo={gitRepo} onClose={() => setPulling(false)} />
      ) : null}
    </div>
  );
}
