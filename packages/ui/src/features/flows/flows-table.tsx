/**
 * The flows table: name (a link to the builder), folder, status switch, last change and the row's
 * menu of actions, as on Activepieces' flows page.
 */
import type { Folder, PopulatedFlow } from '@piecework/shared';
import { Link } from 'react-router';
import { MenuButton, type MenuItem } from '../../components/menu-button';
import { formatDateTime, formatRelative } from '../../format/format-time';
import { FlowStatusToggle } from './flow-status-toggle';
import { DataTable } from '../../components/data-table';

/** Props of {@link FlowsTable}. */
export interface FlowsTableProps {
  projectId: string;
  flows: readonly PopulatedFlow[];
  folders: readonly Folder[];
  menuItems: (flow: PopulatedFlow) => MenuItem[];
}

/** The flows as table rows. */
export function FlowsTable({ projectId, flows, folders, menuItems }: FlowsTableProps) {
  const folderNames = new Map(folders.map((folder) => [folder.id, folder.displayName]));
  return (
    <DataTable
      className="flows-table"
      columns={[
        { label: 'Name' },
        { label: 'Folder', className: 'hide-narrow' },
        { label: 'Status' },
        { label: 'Last modified', className: 'hide-narrow' },
        { label: 'Actions', hideLabel: true },
      ]}
    >
      {flows.map((flow) => {
        const name = flow.version.displayName;
        const updated = flow.version.updated > flow.updated ? flow.version.updated : flow.updated;
        return (
          <tr key={flow.id}>
            <td className="flow-name">
              <Link to={`/projects/${projectId}/flows/${flow.id}`}>{name}</Link>
            </td>
            <td className="hide-narrow">
              {flow.folderId == null ? (
                <span className="muted">Uncategorized</span>
              ) : (
                (folderNames.get(flow.folderId) ?? '—')
              )}
            </td>
            <td>
              <FlowStatusToggle flow={flow} />
            </td>
            <td className="hide-narrow">
              <time dateTime={updated} title={formatDateTime(updated)}>
                {formatRelative(updated)}
              </time>
            </td>
            <td className="row-actions">
              <MenuButton label={`Actions of flow ${name}`} items={menuItems(flow)} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
