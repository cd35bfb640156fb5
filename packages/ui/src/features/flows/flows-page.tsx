/**
 * The flows page (`/projects/:projectId/flows`), Activepieces' flows table: folders on
 * the left, the flows of the shown folder on the right with search by name, pages, a status switch
 * and each flow's actions; "New flow" creates `Untitled` in the shown folder and opens the
 * builder; "Import flow" takes an export file. Embedded, the host may remove the navigation bar
 * above the table (the shown folder's heading and the search: `hideFlowsPageNavbar`), the folders
 * (`hideFolders`) and "Import flow" (`hideExportAndImportFlow`).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useProjectId } from '../../api/use-projects';
import { PageHeader } from '../../components/page-header';
import { ErrorNotice, QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { Pager } from '../../components/pager';
import { useEmbedOptions } from '../../embed/embed-context';
import { useFlowActions } from './flow-actions';
import { FlowSearch } from './flow-search';
import { FlowsTable } from './flows-table';
import { folderOfNewFlows, useFlowsView, type FlowsView } from './flows-view';
import { FoldersPanel } from './folders-panel';
import { ImportFlowDialog } from './import-flow-dialog';
import { useCreateFlow, useFlowsPage } from './use-flows';
import { useFolders } from './use-folders';
import '../runs/runs.css';
import './flows.css';

/** The heading of the shown folder. */
function folderTitle(view: FlowsView, folders: readonly { id: string; displayName: string }[]): string {
  if (view.folder === 'ALL') return 'All flows';
  if (view.folder === 'NONE') return 'Uncategorized';
  const { id } = view.folder;
  return folders.find((folder) => folder.id === id)?.displayName ?? 'Folder';
}

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const navigate = useNavigate();
  const { toast, toastError } = useToast();
  const view = useFlowsView();
  const folders = useFolders(projectId);
  const flows = useFlowsPage(projectId, view);
  const create = useCreateFlow(projectId);
  const [importing, setImporting] = useState(false);
  const folderList = folders.data ?? [];
  const actions = useFlowActions(projectId, folderList);
  const newFolderId = folderOfNewFlows(view.folder);
  const embed = useEmbedOptions();
  return (
    <div className="page flows-page">
      <PageHeader
        title="Flows"
        description="Build, publish and organise the project's automations."
        actions={
          <>
            {embed.hideExportAndImportFlow ? null : (
              <button type="button" className="btn" onClick={() => setImporting(true)}>
                Import flow
              </button>
            )}
            <button
              type="button"
              className="btn primary"
              disabled={create.isPending}
              onClick={() =>
                create.mutate(newFolderId, {
                  onSuccess: (flow) => void navigate(`/projects/${projectId}/flows/${flow.id}`),
                  onError: toastError,
                })
              }
            >
              New flow
            </button>
          </>
        }
      />
      <div className={embed.hideFolders ? 'flows-layout no-folders' : 'flows-layout'}>
        {embed.hideFolders ? null : folders.isError ? (
          <ErrorNotice error={folders.error} onRetry={() => void folders.refetch()} />
        ) : (
          <FoldersPanel
            projectId={projectId}
            folders={folderList}
            view={view}
            onShownFolderDeleted={() => void navigate({ search: '' })}
          />
        )}
        <section
          className="flows-main"
          {...(embed.hideFlowsPageNavbar
            ? { 'aria-label': folderTitle(view, folderList) }
            : { 'aria-labelledby': 'flows-folder-title' })}
        >
          {embed.hideFlowsPageNavbar ? null : (
            <div className="toolbar flows-toolbar" data-testid="flows-page-navbar">
              <h2 id="flows-folder-title">{folderTitle(view, folderList)}</h2>
              <FlowSearch view={view} />
            </div>
          )}
          <QueryState query={flows} label="Loading flows">
            {(page) =>
              page.data.length === 0 ? (
                <p className="empty">
                  {view.name === '' ? 'No flows here yet.' : `No flow’s name contains “${view.name}”.`}
                </p>
              ) : (
                <>
                  <FlowsTable
                    projectId={projectId}
                    flows={page.data}
                    folders={folderList}
                    menuItems={actions.menuItems}
                  />
                  <Pager page={page} onGo={view.page} label="Flows" />
                </>
              )
            }
          </QueryState>
        </section>
      </div>
      {actions.dialog}
      {importing ? (
        <ImportFlowDialog
          projectId={projectId}
          folderId={newFolderId}
          onClose={() => setImporting(false)}
          onImported={(imported) =>
            toast(
              imported.length === 1
                ? `Imported “${imported[0]!.version.displayName}”`
                : `Imported ${String(imported.length)} flows`,
            )
          }
        />
      ) : null}
    </div>
  );
}
