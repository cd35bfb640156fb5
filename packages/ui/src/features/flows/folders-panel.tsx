/**
 * The folders column of the flows page, as on Activepieces: "All flows", "Uncategorized"
 * and each folder, each with its number of flows; the shown one is marked. Folders are created,
 * renamed and deleted here (deleting keeps the folder's flows, unfiled).
 */
import type { Folder } from '@piecework/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MenuButton } from '../../components/menu-button';
import { useToast } from '../../components/toast';
import type { FlowsView, FolderFilter } from './flows-view';
import { NameDialog } from './name-dialog';
import { useFlowCount } from './use-flows';
import { useCreateFolder, useDeleteFolder, useRenameFolder } from './use-folders';

/** Props of {@link FoldersPanel}. */
export interface FoldersPanelProps {
  projectId: string;
  folders: readonly Folder[];
  view: FlowsView;
  /** Called after the shown folder was deleted, to show all flows. */
  onShownFolderDeleted: () => void;
}

type Editing = { kind: 'create' } | { kind: 'rename'; folder: Folder } | { kind: 'delete'; folder: Folder };

function sameFolder(a: FolderFilter, b: FolderFilter): boolean {
  return typeof a === 'object' && typeof b === 'object' ? a.id === b.id : a === b;
}

function FolderLink(props: { projectId: string; view: FlowsView; folder: FolderFilter; label: string }) {
  const { projectId, view, folder, label } = props;
  const count = useFlowCount(projectId, folder);
  const current = sameFolder(view.folder, folder);
  return (
    <Link
      className={`folder-link ${current ? 'active' : ''}`}
      to={{ search: view.folderSearch(folder) }}
      aria-current={current ? 'page' : undefined}
    >
      <span className="folder-name">{label}</span>{' '}
      {count.data === undefined ? null : (
        <span className="folder-count">
          {count.data}
          <span className="visually-hidden"> {count.data === 1 ? 'flow' : 'flows'}</span>
        </span>
      )}
    </Link>
  );
}

/** The folder list with its actions. */
export function FoldersPanel({ projectId, folders, view, onShownFolderDeleted }: FoldersPanelProps) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const { toast, toastError } = useToast();
  const create = useCreateFolder(projectId);
  const rename = useRenameFolder(projectId);
  const remove = useDeleteFolder(projectId);
  const close = () => setEditing(null);
  return (
    <nav className="folders-panel" aria-label="Folders">
      <div className="folders-head">
        <h2>Folders</h2>
        <button
          type="button"
          className="icon-btn"
          aria-label="New folder"
          title="New folder"
          onClick={() => setEditing({ kind: 'create' })}
        >
          <Plus aria-hidden="true" className="icon" />
        </button>
      </div>
      <ul>
        <li>
          <FolderLink projectId={projectId} view={view} folder="ALL" label="All flows" />
        </li>
        <li>
          <FolderLink projectId={projectId} view={view} folder="NONE" label="Uncategorized" />
        </li>
        {folders.map((folder) => (
          <li key={folder.id} className="folder-item">
            <FolderLink
              projectId={projectId}
              view={view}
              folder={{ id: folder.id }}
              label={folder.displayName}
            />
            <MenuButton
              label={`Actions of folder ${folder.displayName}`}
              items={[
                { label: 'Rename', onSelect: () => setEditing({ kind: 'rename', folder }) },
                { label: 'Delete', danger: true, onSelect: () => setEditing({ kind: 'delete', folder }) },
              ]}
            />
          </li>
        ))}
      </ul>
      {editing?.kind === 'create' ? (
        <NameDialog
          title="New folder"
          label="Folder name"
          submitLabel="Create"
          onClose={close}
          onSubmit={async (name) => {
            await create.mutateAsync(name);
            toast(`Folder “${name}” created`);
          }}
        />
      ) : null}
      {editing?.kind === 'rename' ? (
        <NameDialog
          title="Rename folder"
          label="Folder name"
          initial={editing.folder.displayName}
          submitLabel="Rename"
          onClose={close}
          onSubmit={(name) => rename.mutateAsync({ folderId: editing.folder.id, displayName: name })}
        />
      ) : null}
      {editing?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete folder"
          message={`Delete the folder “${editing.folder.displayName}”? Its flows are kept, in no folder.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onClose={close}
          onConfirm={() =>
            remove.mutate(editing.folder.id, {
              onSuccess: () => {
                toast(`Folder “${editing.folder.displayName}” deleted`);
                if (sameFolder(view.folder, { id: editing.folder.id })) onShownFolderDeleted();
                close();
              },
              onError: toastError,
            })
          }
        />
      ) : null}
    </nav>
  );
}
