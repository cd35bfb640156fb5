import { describe, expect, it } from 'vitest';
import { escapeHtml } from './email-layout';
import { invitationEmail } from './invitation-email';
import { passwordResetEmail } from './password-reset-email';
import { runFailureEmail } from './run-failure-email';
import { verificationEmail } from './verification-email';

const hostile = `<script>alert("x")</script> & 'co'`;

describe('email templates', () => {
  it('escapes every value in the HTML and keeps the text as given', () => {
    const invitation = invitationEmail({
      inviterName: hostile,
      platformName: hostile,
      projectName: hostile,
      roleName: hostile,
      link: 'https://flows.example.com/invitation?token=a"b&c=1',
    });
    expect(invitation.html).not.toContain('<script>');
    expect(invitation.html).toContain(escapeHtml(hostile));
    expect(invitation.html).toContain('href="https://flows.example.com/invitation?token=a&quot;b&amp;c=1"');
    expect(invitation.text).toContain(hostile);
    expect(invitation.subject).toBe(`You are invited to ${hostile}`);

    const failure = runFailureEmail({
      publicUrl: 'https://flows.example.com/',
      projectId: 'p1',
      projectName: hostile,
      flowName: hostile,
      runId: 'r1',
      status: 'FAILED',
      finishedAt: '2026-01-01T00:00:00.000000Z',
      failedStep: { name: 'step_1', displayName: hostile },
      error: hostile,
    });
    expect(failure.html).not.toContain('<script>');
    expect(failure.html).toContain('href="https://flows.example.com/projects/p1/runs/r1"');
    expect(failure.text).toContain('See the run: https://flows.example.com/projects/p1/runs/r1');
  });

  it('words an invitation with and without inviter and project', () => {
    expect(invitationEmail({ platformName: 'Acme', roleName: 'Admin', link: 'https://x/y' }).text).toContain(
      'You have been invited to join the Acme platform as Admin.',
    );
    expect(
      invitationEmail({
        inviterName: 'Ada',
        platformName: 'Acme',
        projectName: 'Ops',
        roleName: 'Editor',
        link: 'https://x/y',
      }).text,
    ).toContain('Ada invited you to join the project Ops on Acme as Editor.');
  });

  it('puts the code and the user in the links of the code emails', () => {
    const input = {
      publicUrl: 'https://flows.example.com/',
      firstName: 'Ada',
      userId: 'u1',
      otp: 'c-1',
      validFor: '1 hour',
    };
    expect(verificationEmail(input).text).toContain(
      'https://flows.example.com/verify-email?otpcode=c-1&identityId=u1',
    );
    expect(passwordResetEmail(input).text).toContain(
      'https://flows.example.com/reset-password?otpcode=c-1&identityId=u1',
    );
    expect(passwordResetEmail(input).html).toContain('reset-password?otpcode=c-1&amp;identityId=u1');
  });
});
