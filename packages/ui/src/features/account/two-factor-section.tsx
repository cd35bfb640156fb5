/**
 * The Account page's two-factor section: whether sign-in asks for an authenticator app's code,
 * setting one up (QR code and key, a code to confirm, then the recovery codes shown once), new
 * recovery codes and turning it off (each confirmed with a code). Only password sign-in asks for
 * the second factor; Google, SAML and OIDC sign-ins rely on the identity provider's.
 */
import type { TwoFactorEnrolment } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../api/session-context';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { CodePrompt } from './code-prompt';
import { RecoveryCodesList } from './recovery-codes-list';
import { TotpSetup } from './totp-setup';

const STATUS_KEY = ['two-factor-status'] as const;

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

/** The two-factor section. */
export function TwoFactorSection() {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => client.twoFactor.status() });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  const start = useMutation({
    mutationFn: () => client.twoFactor.startEnrolment(),
    onSuccess: (enrolment) => setStep({ kind: 'enrolling', enrolment }),
    onError: toastError,
  });
  const enable = useMutation({
    mutationFn: (code: string) => client.twoFactor.enable({ code }),
    onSuccess: ({ recoveryCodes }) => {
      setStep({ kind: 'codes', codes: recoveryCodes });
      toast('Two-factor authentication is on');
      void refresh();
    },
  });
  const regenerate = useMutation({
    mutationFn: (code: string) => client.twoFactor.regenerateRecoveryCodes({ code }),
    onSuccess: ({ recoveryCodes }) => {
      setStep({ kind: 'codes', codes: recoveryCodes });
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: (code: string) => client.twoFactor.disable({ code }),
    onSuccess: () => {
      setStep({ kind: 'idle' });
      toast('Two-factor authentication is off');
      void refresh();
    },
  });
  const cancel = () => {
    regenerate.reset();
    disable.reset();
    setStep({ kind: 'idle' });
  };
  return (
    <section className="settings-section" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor authentication</h2>
      <p className="muted">
        When it is on, signing in with your password also asks for a code from an authenticator app.
      </p>
      <QueryState query={status} label="Loading two-factor status">
        {(answer) => (
          <>
            <p role="status">
              {answer.enabled ? (
                <>
                  <strong>On.</strong> {answer.recoveryCodesLeft} recovery codes left
                  {answer.rememberedDevices > 0
                    ? `, ${String(answer.rememberedDevices)} remembered devices`
                    : ''}
                  .
                </>
              ) : (
                <>
                  <strong>Off.</strong>
                </>
              )}
            </p>
            {step.kind === 'enrolling' ? (
              <TotpSetup
                enrolment={step.enrolment}
                pending={enable.isPending}
                error={enable.isError ? errorMessage(enable.error) : undefined}
                onConfirm={(code) => enable.mutate(code)}
              />
            ) : null}
            {step.kind === 'codes' ? (
              <>
                <RecoveryCodesList codes={step.codes} />
                <button type="button" className="btn" onClick={() => setStep({ kind: 'idle' })}>
                  Done
                </button>
              </>
            ) : null}
            {step.kind === 'regenerate' ? (
              <CodePrompt
                label="Code from your app"
                confirmLabel="Make new recovery codes"
                pending={regenerate.isPending}
                error={regenerate.isError ? errorMessage(regenerate.error) : undefined}
                onConfirm={(code) => regenerate.mutate(code)}
                onCancel={cancel}
              />
            ) : null}
            {step.kind === 'disable' ? (
              <CodePrompt
                label="Code from your app, or a recovery code"
                confirmLabel="Turn off two-factor"
                pending={disable.isPending}
                error={disable.isError ? errorMessage(disable.error) : undefined}
                onConfirm={(code) => disable.mutate(code)}
                onCancel={cancel}
              />
            ) : null}
            {step.kind === 'idle' && !answer.enabled ? (
              <button
                type="button"
                className="btn primary"
                disabled={start.isPending}
                onClick={() => start.mutate()}
              >
                Set up
              </button>
            ) : null}
            {step.kind === 'idle' && answer.enabled ? (
              <div className="button-row">
                <button type="button" className="btn" onClick={() => setStep({ kind: 'regenerate' })}>
                  Regenerate recovery codes
                </button>
                <button type="button" className="btn danger" onClick={() => setStep({ kind: 'disable' })}>
                  Turn off
                </button>
              </div>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
