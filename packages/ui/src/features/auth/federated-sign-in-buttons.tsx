/**
 * "Sign in with GitHub" and "Sign in with <the platform's provider>" (OpenID Connect): each asks
 * the server for the provider's consent URL (`GET /v1/authn/federated/login`) and sends the
 * browser there; the provider comes back to `/redirect` (see `redirect-page.tsx`), which claims
 * the session. A button shows only when the flags offer its provider (THIRD_PARTY_AUTH_PROVIDERS_
 * TO_SHOW_MAP `github` / `oidc`); the OpenID Connect one is labelled by SSO_OIDC_DISPLAY_NAME.
 */
import type { FeatureFlags, ThirdPartyAuthnProvider } from '@piecework/shared';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApi } from '../../api/session-context';
import { useToast } from '../../components/toast';
import { rememberReturnPath } from './federated-return';
import { offersSignInWith, oidcButtonName } from './use-flags';

/** The GitHub and OpenID Connect buttons the `flags` offer; `from` is where to land after signing in. */
export function FederatedSignInButtons({
  flags,
  from,
}: {
  flags: FeatureFlags | undefined;
  from: string | null;
}) {
  const github = offersSignInWith(flags, 'github');
  const oidc = offersSignInWith(flags, 'oidc');
  if (!github && !oidc) return null;
  return (
    <div className="federated-sign-in">
      {github ? (
        <FederatedSignInButton provider="GITHUB" from={from} icon={<GithubMark />}>
          Sign in with GitHub
        </FederatedSignInButton>
      ) : null}
      {oidc ? (
        <FederatedSignInButton provider="OIDC" from={from} icon={<KeyMark />}>
          Sign in with {oidcButtonName(flags)}
        </FederatedSignInButton>
      ) : null}
    </div>
  );
}

function FederatedSignInButton({
  provider,
  from,
  icon,
  children,
}: {
  provider: ThirdPartyAuthnProvider;
  from: string | null;
  icon: ReactNode;
  children: ReactNode;
}) {
  const client = useApi();
  const { toastError } = useToast();
  const login = useMutation({
    mutationFn: () => client.federatedAuthn.login({ providerName: provider }),
    onSuccess: ({ loginUrl }) => {
      rememberReturnPath(from);
      window.location.assign(loginUrl);
    },
    onError: toastError,
  });
  return (
    <button
      type="button"
      className="btn block"
      onClick={() => login.mutate()}
      disabled={login.isPending || login.isSuccess}
    >
      {icon}
      {children}
    </button>
  );
}

function GithubMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 16 16" fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}

function KeyMark() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2 20 3M16 7l3 3M14 9l2 2" />
    </svg>
  );
}
