/**
 * The actions of a flow in the list (its row's menu): open in the builder, rename (CHANGE_NAME),
 * duplicate (its export imported as "<name> (copy)"), move to folder (CHANGE_FOLDER), export (a
 * JSON download), save as template, push to Git (when the project is connected to a git branch
 * and the user holds WRITE_PROJECT_RELEASE) and delete (after confirmation). `useFlowActions` answers the
 * menu items of a flow and the dialog of the action in progress, to render once under the table.
 * Embedded, the host may remove "Duplicate" (`hideDuplicateFlow`), "Move to folder"
 * (`hideFolders`), and "Export" and "Save as template" (`hideExportAndImportFlow`).
 */
import type { Folder, PopulatedFlow } from '@piecework/shared';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/session-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { MenuItem } from '../../components/menu-button';
import { useToast } from '../../components/toast';
import { useEmbedOptions } from '../../embed/embed-context';
import { useProjectPermissions } from '../../api/use-project-permissions';
import { PushToGitDialog } from '../git-sync/push-to-git-dialog';
import { useGitRepo } from '../git-sync/use-git-sync';
import { SaveAsTemplateDialog } from '../templates/save-as-template-dialog';
import { exportFlow } from './export-flow';
import { MoveFlowDialog } from './move-flow-dialog';
import { NameDialog } from './name-dialog';
import { useDeleteFlow, useDuplicateFlow, useFlowOperation } from './use-flows';

type Editing = {
  kind: 'rename' | 'move' | 'delete' | 'save-as-template' | 'push-to-git';
  flow: PopulatedFlow;
};

/** What {@link useFlowActions} answers. */
export interface FlowActions {
  /** The menu of `flow`'s row. */
  menuItems(flow: PopulatedFlow): MenuItem[];
  /** The open dialog (rename, move, delete), or null. */
  dialog: ReactNode;
}

/** The row actions of the flows of project `projectId`. */
export function useFlowActions(projectId: string, folders: readonly Folder[]): FlowActions {
  const client = useApi();
  const navigate = useNavigate();
  const { toast, toastError } = useToast();
  const [editing, setEditing] = useState<Editing | null>(null);
  const operation = useFlowOperation(projectId);
  const remove = useDeleteFlow(projectId);
  const duplicate = useDuplicateFlow(projectId);
  const close = () => setEditing(null);
  const embed = useEmbedOptions();
  const gitRepo = useGitRepo(projectId).data ?? null;
  const canPush = useProjectPermissions(projectId).can('WRITE_PROJECT_RELEASE');

  const duplicateItem = (flow: PopulatedFlow): MenuItem => ({
    label: 'Duplicate',
    disabled: duplicate.isPending,
    onSelect: () =>
      duplicate.mutate(flow, {
        onSuccess: (copy) => toast(`Duplicated as “${copy.version.displayName}”`),
        onError: toastError,
      }),
  });
  const exportItem = (flow: PopulatedFlow): MenuItem => ({
    label: 'Export',
    onSelect: () =>
      void exportFlow(client, flow).then(() => toast(`Exported “${flow.version.displayName}”`), toastError),
  });

  const menuItems = (flow: PopulatedFlow): MenuItem[] => [
    { label: 'Open', onSelect: () => void navigate(`/projects/${projectId}/flows/${flow.id}`) },
    { label: 'Rename', onSelect: () => setEditing({ kind: 'rename', flow }) },
    ...(embed.hideDuplicateFlow ? [] : [duplicateItem(flow)]),
    ...(embed.hideFolders
      ? []
      : [{ label: 'Move to folder', onSelect: () => setEditing({ kind: 'move', flow }) }]),
    ...(embed.hideExportAndImportFlow ? [] : [exportItem(flow)]),
    ...(embed.hideExportAndImportFlow
      ? []
      : [{ label: 'Save as template', onSelect: () => setEditing({ kind: 'save-as-template', flow }) }]),
    ...(gitRepo === null || !canPush
      ? []
      : [{ label: 'Push to Git', onSelect: () => setEditing({ kind: 'push-to-git', flow }) }]),
    { label: 'Delete', danger: true, onSelect: () => setEditing({ kind: 'delete', flow }) },
  ];
  let dialog: ReactNode = null;
  if (editing?.kind === 'rename') {
    dialog = (
      <NameDialog
        title="Rename flow"
        label="Flow name"
        initial={editing.flow.version.displayName}
        submitLabel="Rename"
        onClose={close}
        onSubmit={(displayName) =>
          operation.mutateAsync({
            flowId: editing.flow.id,
            operation: { type: 'CHANGE_NAME', request: { displayName } },
          })
        }
      />
    );
  } else if (editing?.kind === 'move') {
    dialog = (
      <MoveFlowDialog
        flow={editing.flow}
        folders={folders}
        onClose={close}
        onMove={async (folderId) => {
          await operation.mutateAsync({
            flowId: editing.flow.id,
            operation: { type: 'CHANGE_FOLDER', request: { folderId } },
          });
          const folder = folders.find((each) => each.id === folderId);
          toast(`Moved to ${folder === undefined ? 'Uncategorized' : `“${folder.displayName}”`}`);
        }}
      />
    );
  } else if (editing?.kind === 'push-to-git' && gitRepo !== null) {
    dialog = <PushToGitDialog repo={gitRepo} flow={editing.flow} onClose={close} />;
  } else if (editing?.kind === 'save-as-template') {
    dialog = <SaveAsTemplateDialog projectId={projectId} flow={editing.flow} onClose={close} />;
  } else if (editing?.kind === 'delete') {
    dialog = (
      <ConfirmDialog
        title="Delete flow"
        message={`Delete “${editing.flow.version.displayName}” with its versions and runs? This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={close}
        onConfirm={() =>
          remove.mutate(editing.flow.id, {
            onSuccess: () => {
              toast(`Deleted “${editing.flow.version.displayName}”`);
              close();
            },
            onError: toastError,
          })
        }
      />
    );
  }
  return { menuItems, dialog };
}
