/**
 * The table of a platform's users: name and email, platform role (a select that changes it at
 * once), status, last activity, and a menu to activate or deactivate, end their sessions and delete.
 */
import type { PlatformRole, User } from '@piecework/shared';
import { MenuButton } from '../../components/menu-button';
import { DateText } from '../../components/date-text';
import { PLATFORM_ROLE_OPTIONS } from './platform-roles';
import { DataTable } from '../../components/data-table';
import { Combobox } from '../../components/combobox';

/** Props of {@link UsersTable}. */
export interface UsersTableProps {
  users: readonly User[];
  /** The signed-in user's id, marked "you". */
  selfId: string | undefined;
  /** The user whose change is on its way (its controls are disabled). */
  busyId: string | undefined;
  onChangeRole: (user: User, platformRole: PlatformRole) => void;
  onToggleStatus: (user: User) => void;
  /** Asks to sign the user out of every session. */
  onEndSessions: (user: User) => void;
  onDelete: (user: User) => void;
}

/** A user's name, or their email when they have none. */
export function userName(user: User): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === '' ? user.email : name;
}

/** The users, one row each. */
export function UsersTable({
  users,
  selfId,
  busyId,
  onChangeRole,
  onToggleStatus,
  onEndSessions,
  onDelete,
}: UsersTableProps) {
  return (
    <DataTable
      columns={[
        { label: 'User' },
        { label: 'Platform role' },
        { label: 'Status' },
        { label: 'Last active', className: 'hide-narrow' },
        { label: 'Actions', className: 'actions', hideLabel: true },
      ]}
    >
      {users.map((user) => {
        const name = userName(user);
        return (
          <tr key={user.id}>
            <td>
              <span className="cell-stack">
                <span>
                  {name} {user.id === selfId ? <span className="badge info">You</span> : null}
                </span>
                <small>{user.email}</small>
              </span>
            </td>
            <td>
              <Combobox
                aria-label={`Platform role of ${name}`}
                value={user.platformRole}
                options={PLATFORM_ROLE_OPTIONS}
                disabled={busyId === user.id}
                onValueChange={(role) => onChangeRole(user, role as PlatformRole)}
              />
            </td>
            <td>
              {user.status === 'ACTIVE' ? (
                <span className="badge success">Active</span>
              ) : (
                <span className="badge">Deactivated</span>
              )}
            </td>
            <td className="hide-narrow">
              <DateText iso={user.lastActiveDate ?? user.created} />
            </td>
            <td className="actions">
              <MenuButton
                label={`Actions of user ${name}`}
                items={[
                  {
                    label: user.status === 'ACTIVE' ? 'Deactivate' : 'Activate',
                    disabled: busyId === user.id,
                    onSelect: () => onToggleStatus(user),
                  },
                  {
                    label: 'End sessions',
                    disabled: busyId === user.id,
                    onSelect: () => onEndSessions(user),
                  },
                  {
                    label: 'Delete',
                    danger: true,
                    disabled: busyId === user.id,
                    onSelect: () => onDelete(user),
                  },
                ]}
              />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
