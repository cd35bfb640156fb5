/**
 * "Invite": an email and a role, sent as an invitation (`POST /v1/user-invitations`) to a project
 * (a project role, by name) or to the platform (a platform role). The server emails the link; a
 * server without email answers it instead, and the dialog shows it to pass on.
 */
import type { PlatformRole, UserInvitationWithLink } from '@piecework/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../api/session-context';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField, type SelectOption } from '../../components/field';
import { useToast } from '../../components/toast';
import { emailProblem } from '../auth/sign-up-validation';
import { CopyField } from '../../components/copy-field';
import { INVITATIONS_KEY, type InvitationScope } from './use-invitations';

/** Props of {@link InviteDialog}. */
export interface InviteDialogProps {
  scope: InvitationScope;
  /** The roles to choose from (project role names, or platform roles). */
  roles: readonly SelectOption[];
  /** The role chosen at first. */
  defaultRole: string;
  onClose: () => void;
}

/** The invitation dialog of a project or of the platform. */
export function InviteDialog({ scope, roles, defaultRole, onClose }: InviteDialogProps) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(defaultRole);
  const [problem, setProblem] = useState<string | undefined>();
  const invite = useMutation({
    mutationFn: (address: string): Promise<UserInvitationWithLink> =>
      client.userInvitations.create(
        scope.type === 'PROJECT'
          ? { type: 'PROJECT', email: address, projectId: scope.projectId, projectRole: role }
          : { type: 'PLATFORM', email: address, platformRole: role as PlatformRole },
      ),
    onSuccess: async (invitation) => {
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
      if (invitation.link === undefined) {
        toast(`Invitation sent to ${invitation.email}`);
        onClose();
      }
    },
  });
  const link = invite.data?.link;
  if (link !== undefined) {
    return (
      <Dialog
        title="Share the invitation link"
        onClose={onClose}
        footer={
          <button type="button" className="btn primary" onClick={onClose}>
            Done
          </button>
        }
      >
        <p>
          This server sends no email: give <strong>{invite.data?.email}</strong> this link. It works for one
          day.
        </p>
        <CopyField label="Invitation link" value={link} />
      </Dialog>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found === undefined ? undefined : found.replace('your email', 'an email'));
    if (found === undefined) invite.mutate(email.trim());
  };
  return (
    <Dialog
      title={scope.type === 'PROJECT' ? 'Invite to the project' : 'Invite to the platform'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="invite-form" className="btn primary" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting…' : 'Invite'}
          </button>
        </>
      }
    >
      <form id="invite-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problem}
          required
          autoFocus
        />
        <SelectField
          label={scope.type === 'PROJECT' ? 'Project role' : 'Platform role'}
          value={role}
          onValueChange={(value) => setRole(value)}
          options={roles}
        />
        {invite.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(invite.error)}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
