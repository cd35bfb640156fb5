/**
 * The platform's two-factor policy, for platform admins: a switch to require two-factor
 * authentication of everyone signing in with a password (`twoFactorRequired`, set with the platform
 * update). People without an authenticator app set up are asked to add one at their next sign-in.
 * Google, SAML, OIDC and embedded (managed) sign-ins are not affected: the identity provider is in
 * charge of their second factor.
 */
import type { Platform } from '@piecework/shared';
import { useId } from 'react';
import { Switch } from '../../components/switch';
import { useToast } from '../../components/toast';
import { useUpdatePlatform } from './use-platform';
import './sign-in-settings.css';

/** The two-factor policy section of the sign-in settings page, for a loaded `platform`. */
export function TwoFactorPolicySection({ platform }: { platform: Platform }) {
  const update = useUpdatePlatform();
  const { toast, toastError } = useToast();
  const descriptionId = useId();
  const save = (required: boolean) =>
    update.mutate(
      { twoFactorRequired: required },
      {
        onSuccess: (answer) =>
          toast(
            answer.twoFactorRequired
              ? 'Two-factor authentication is required'
              : 'Two-factor authentication is optional',
          ),
        onError: toastError,
      },
    );
  return (
    <section className="settings-section" aria-labelledby={`${descriptionId}-heading`}>
      <h2 id={`${descriptionId}-heading`}>Two-factor authentication</h2>
      <div className="switch-row">
        <Switch
          on={platform.twoFactorRequired}
          label="Require two-factor authentication for everyone signing in with a password"
          describedBy={descriptionId}
          disabled={update.isPending}
          onToggle={save}
        />
        <div>
          <div>Require two-factor authentication for everyone signing in with a password</div>
          <p id={descriptionId} className="muted">
            {platform.twoFactorRequired ? 'Required. ' : 'Optional. '}
            People without an authenticator app set up add one at their next sign-in. Google, SAML and OIDC
            sign-ins rely on the identity provider&apos;s own second factor.
          </p>
        </div>
      </div>
    </section>
  );
}
