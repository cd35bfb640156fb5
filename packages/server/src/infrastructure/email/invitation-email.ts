/** The invitation to join a platform or one of its projects. */
import { renderEmailHtml, type EmailContent } from './email-layout';

/** What an invitation email says. */
export interface InvitationEmailInput {
  /** Who invited (their name); left out when unknown (an API key invited). */
  readonly inviterName?: string | undefined;
  readonly platformName: string;
  /** The project invited to; left out for a platform invitation. */
  readonly projectName?: string | undefined;
  /** The role the invitation grants (a platform role or a project role's name). */
  readonly roleName: string;
  /** Where the invitation is accepted. */
  readonly link: string;
}

/** The invitation email: who invited, to what, with which role, and the link to accept. */
export function invitationEmail(input: InvitationEmailInput): EmailContent {
  const target =
    input.projectName === undefined
      ? `the ${input.platformName} platform`
      : `the project ${input.projectName} on ${input.platformName}`;
  const who = input.inviterName === undefined ? 'You have been invited' : `${input.inviterName} invited you`;
  const invited = `${who} to join ${target} as ${input.roleName}.`;
  const subject =
    input.projectName === undefined
      ? `You are invited to ${input.platformName}`
      : `You are invited to ${input.projectName}`;
  const text = `${invited}\n\nAccept the invitation: ${input.link}\n\nIf you did not expect this invitation, you can ignore this email.\n`;
  const html = renderEmailHtml(subject, [
    { paragraph: invited },
    { button: 'Accept the invitation', link: input.link },
    { paragraph: 'If you did not expect this invitation, you can ignore this email.' },
  ]);
  return { subject, text, html };
}
