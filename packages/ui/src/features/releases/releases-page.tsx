/**
 * The releases page (`/projects/:projectId/releases`), the reference platform's project
 * releases: the releases applied to the project, newest first (name, where it came from, who made
 * it, when), and **Create release** (for roles with WRITE_PROJECT_RELEASE), which reviews and
 * applies the flows and tables of another project.
 */
import { useState } from 'react';
import { useProjectPermissions } from '../../api/use-project-permissions';
import { useProjectId, useProjects } from '../../api/use-projects';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { formatDateTime, formatRelative } from '../../format/format-time';
import { CreateReleaseDialog } from './create-release-dialog';
import { useReleasesPage } from './use-releases';
import './releases.css';

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const [cursor, setCursor] = useState<string | undefined>();
  const releases = useReleasesPage(projectId, cursor);
  const projectNames = new Map(
    (useProjects().data ?? []).map((project) => [project.id, project.displayName]),
  );
  const canWrite = useProjectPermissions(projectId).can('WRITE_PROJECT_RELEASE');
  const [creating, setCreating] = useState(false);
  return (
    <div className="page releases-page">
      <PageHeader
        title="Releases"
        description="Bring the flows and tables of another project into this one, reviewing the changes first."
        actions={
          canWrite ? (
            <button type="button" className="btn primary" onClick={() => setCreating(true)}>
              Create release
            </button>
          ) : undefined
        }
      />
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
    </div>
  );
}
