/**
 * `/invitation?token=...&email=...`: the link of an invitation (emailed, or answered to the
 * inviter without SMTP). Accepting it (`POST /v1/user-invitations/accept`) needs no session:
 * - signed out, the invitee has an account on the inviting platform: the invitation applies at
 *   once, and they sign in;
 * - signed out, no account yet: they sign up next with the invited address, and it applies then;
 * - signed in as the invitee: it applies at once, and the app opens the project joined;
 * - signed in as someone else: the page says so and offers to sign out first.
 */
import type { PieceworkClient } from '@piecework/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { useApi, useSession } from '../../api/session-context';
import { PROJECTS_KEY } from '../../api/use-projects';
import { rememberProject } from '../../app/project-redirect';
import { useToast } from '../../components/toast';
import { AuthLayout } from './auth-layout';

/** The page of `/invitation`. */
export function Page() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email') ?? '';
  const client = useApi();
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: (invitationToken: string) => acceptAndFindProject(client, invitationToken, session !== null),
    onSuccess: ({ registered, projectId }) => {
      const address = encodeURIComponent(email);
      if (session === null) {
        navigate(`/${registered ? 'sign-in' : 'sign-up'}?email=${address}&invitation=accepted`);
      } else if (!registered) {
        // The invited address has no account on the inviting platform: it needs one first.
        signOut();
        navigate(`/sign-up?email=${address}&invitation=accepted`);
      } else {
        toast('Invitation accepted');
        void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
        if (projectId !== undefined) rememberProject(projectId);
        navigate(projectId === undefined ? '/' : `/projects/${projectId}/flows`);
      }
    },
  });
  if (token === null) {
    return (
      <AuthLayout title="Accept the invitation" footer={<Link to="/sign-in">Go to sign in</Link>}>
        <div className="notice error" role="alert">
          This invitation link is incomplete. Open the link of the invitation email again.
        </div>
      </AuthLayout>
    );
  }
  const someoneElse = session !== null && email !== '' && session.email.toLowerCase() !== email.toLowerCase();
  return (
    <AuthLayout
      title="You are invited"
      subtitle={
        email === '' ? (
          'Join your team on Piecework.'
        ) : (
          <>
            Join your team on Piecework as <strong>{email}</strong>.
          </>
        )
      }
    >
      {someoneElse ? (
        <>
          <div className="notice warning" role="status">
            This invitation is for {email}, but you are signed in as {session.email}.
          </div>
          <button type="button" className="btn primary block" onClick={signOut}>
            Sign out to accept it
          </button>
        </>
      ) : (
        <>
          {accept.isError ? (
            <div className="notice error" role="alert">
              {errorMessage(accept.error)}
            </div>
          ) : null}
          <button
            type="button"
            className="btn primary block"
            onClick={() => accept.mutate(token)}
            disabled={accept.isPending}
          >
            {accept.isPending ? 'Accepting…' : 'Accept the invitation'}
          </button>
        </>
      )}
    </AuthLayout>
  );
}

/**
 * Accepts the invitation; for a signed-in invitee, also finds the project it added them to (the
 * one listed after but not before).
 */
async function acceptAndFindProject(
  client: PieceworkClient,
  invitationToken: string,
  signedIn: boolean,
): Promise<{ registered: boolean; projectId?: string }> {
  const before = signedIn ? await client.projects.list({ limit: 100 }) : undefined;
  const { registered } = await client.userInvitations.accept({ invitationToken });
  if (before === undefined || !registered) return { registered };
  const known = new Set(before.data.map((project) => project.id));
  const after = await client.projects.list({ limit: 100 });
  const joined = after.data.find((project) => !known.has(project.id));
  return joined === undefined ? { registered } : { registered, projectId: joined.id };
}
