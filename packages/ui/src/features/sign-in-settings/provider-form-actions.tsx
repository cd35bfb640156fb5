/**
 * What the identity provider sections of the sign-in settings page (SAML, OpenID Connect, GitHub)
 * share: {@link useProviderUpdate} saves or removes one provider of the platform's
 * `federatedAuthProviders` with a toast either way, and {@link ProviderFormActions} is the end of
 * each provider's form, Save, and Remove (shown while the provider is set up) behind a
 * confirmation.
 */
import type { FederatedAuthProvidersUpdate } from '@piecework/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { useUpdatePlatform } from './use-platform';

/** A provider name of the platform's `federatedAuthProviders`. */
type ProviderName = keyof FederatedAuthProvidersUpdate;

/** Save and remove provider `name` (called `label` in the toasts) of the signed-in user's platform. */
export function useProviderUpdate<N extends ProviderName>(name: N, label: string) {
  const update = useUpdatePlatform();
  const { toast, toastError } = useToast();
  const change = (value: FederatedAuthProvidersUpdate[N] | null, done: string, then?: () => void) =>
    update.mutate(
      { federatedAuthProviders: { [name]: value } },
      {
        onSuccess: () => {
          then?.();
          toast(done);
        },
        onError: toastError,
      },
    );
  return {
    busy: update.isPending,
    /** Stores `value` as the provider; `then` runs once it is saved. */
    save: (value: NonNullable<FederatedAuthProvidersUpdate[N]>, then?: () => void) =>
      change(value, `${label} is saved`, then),
    /** Removes the provider; `then` runs once it is removed. */
    remove: (then?: () => void) => change(null, `${label} is removed`, then),
  };
}

/** Props of {@link ProviderFormActions}. */
export interface ProviderFormActionsProps {
  /** The provider as the buttons name it ("SAML", "GitHub sign-in"). */
  label: string;
  /** Whether the provider is set up (Remove shows only then). */
  configured: boolean;
  busy: boolean;
  /** What the confirmation says removing does. */
  removeMessage: string;
  /** Removes the provider; calls `done` once it is removed. */
  onRemove: (done: () => void) => void;
}

/** The Save (submits the form) and Remove buttons of a provider's form, Remove confirmed first. */
export function ProviderFormActions({
  label,
  configured,
  busy,
  removeMessage,
  onRemove,
}: ProviderFormActionsProps) {
  const [removing, setRemoving] = useState(false);
  return (
    <div className="provider-form-actions">
      <button type="submit" className="btn primary" disabled={busy}>
        Save {label}
      </button>
      {configured ? (
        <button type="button" className="btn danger" disabled={busy} onClick={() => setRemoving(true)}>
          Remove {label}
        </button>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={`Remove ${label}?`}
          message={removeMessage}
          confirmLabel="Remove"
          onConfirm={() => onRemove(() => setRemoving(false))}
          onClose={() => setRemoving(false)}
          busy={busy}
        />
      ) : null}
    </div>
  );
}
