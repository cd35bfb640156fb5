/**
 * The platform's two-factor policy, for platform admins: a switch to require two-factor
 * authentication of everyone signing in with a password (`twoFactorRequired`, set with the platform
 * update). People without an authenticator app set up are asked to add one at their next sign-in.
 * Google, SAML, OIDC and embedded (managed) sign-ins are not affected: the identity provider is in
 * charge of their second factor.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useApi, useSession } from '../../api/session-context';
import { QueryState } from '../../components/query-state';
import { Switch } from '../../components/switch';
import { useToast } from '../../components/toast';
import './sign-in-settings.css';

/** The two-factor policy section of the platform's sign-in settings. */
export function TwoFactorPolicySection() {
  const client = useApi();
  const { session } = useSession();
  const platformId = session?.platformId ?? '';
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const descriptionId = useId();
  const key = ['platform', platformId] as const;
  const platform = useQuery({ queryKey: key, queryFn: () => client.platforms.get(platformId) });
  const update = useMutation({
    mutationFn: (required: boolean) => client.platforms.update(platformId, { twoFactorRequired: required }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      toast(
        answer.twoFactorRequired
          ? 'Two-factor authentication is required'
          : 'Two-factor authentication is optional',
      );
    },
    onError: toastError,
  });
  return (
    <section className="settings-section" aria-labelledby={`${descriptionId}-heading`}>
      <h2 id={`${descriptionId}-heading`}>Two-factor authentication</h2>
      <QueryState query={platform} label="Loading the sign-in settings">
        {(answer) => (
          <div className="switch-row">
            <Switch
              on={answer.twoFactorRequired}
              label="Require two-factor authentication for everyone signing in with a password"
              describedBy={descriptionId}
              disabled={update.isPending}
              onToggle={(on) => update.mutate(on)}
            />
            <div>
              <div>Require two-factor authentication for everyone signing in with a password</div>
              <p id={descriptionId} className="muted">
                {answer.twoFactorRequired ? 'Required. ' : 'Optional. '}
                People without an authenticator app set up add one at their next sign-in. Google, SAML and
                OIDC sign-ins rely on the identity provider&apos;s own second factor.
              </p>
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}
