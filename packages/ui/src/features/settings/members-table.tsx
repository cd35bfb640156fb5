/**
 * The table of a project's members: name and email, the role (a select that changes it at once),
 * when they joined, and "Remove".
 */
import type { ProjectMemberWithUser } from '@piecework/shared';
import type { SelectOption } from '../../components/field';
import { DateText } from '../../components/date-text';
import { DataTable } from '../../components/data-table';
import { Combobox } from '../../components/combobox';

/** Props of {@link MembersTable}. */
export interface MembersTableProps {
  members: readonly ProjectMemberWithUser[];
  roles: readonly SelectOption[];
  /** The member whose change is on its way (its controls are disabled). */
  busyId: string | undefined;
  onChangeRole: (member: ProjectMemberWithUser, role: string) => void;
  onRemove: (member: ProjectMemberWithUser) => void;
}

/** A member's name, or their email when they have none. */
export function memberName(member: ProjectMemberWithUser): string {
  const name = `${member.user.firstName} ${member.user.lastName}`.trim();
  return name === '' ? member.user.email : name;
}

/** The members, one row each. */
export function MembersTable({ members, roles, busyId, onChangeRole, onRemove }: MembersTableProps) {
  return (
    <DataTable
      columns={[
        { label: 'Member' },
        { label: 'Role' },
        { label: 'Joined', className: 'hide-narrow' },
        { label: 'Actions', className: 'actions', hideLabel: true },
      ]}
    >
      {members.map((member) => {
        const name = memberName(member);
        const options = roles.some((role) => role.value === member.projectRole.name)
          ? roles
          : [{ value: member.projectRole.name, label: member.projectRole.name }, ...roles];
        return (
          <tr key={member.id}>
            <td>
              <span className="cell-stack">
                {name}
                <small>{member.user.email}</small>
              </span>
            </td>
            <td>
              <Combobox
                aria-label={`Role of ${name}`}
                value={member.projectRole.name}
                options={options}
                disabled={busyId === member.id}
                onValueChange={(role) => onChangeRole(member, role)}
              />
            </td>
            <td className="hide-narrow">
              <DateText iso={member.created} />
            </td>
            <td className="actions">
              <button
                type="button"
                className="btn small"
                aria-label={`Remove ${name}`}
                disabled={busyId === member.id}
                onClick={() => onRemove(member)}
              >
                Remove
              </button>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
