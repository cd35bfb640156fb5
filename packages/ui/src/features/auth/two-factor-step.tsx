/**
 * The second step of the sign-in card, after the password was right but the account needs a
 * second factor (TWO_FACTOR_REQUIRED): a 6-digit code of the authenticator app, or a recovery code
 * instead, and "Remember this device for 30 days". When the platform requires two-factor and the
 * user has none yet, it first shows the set-up (QR code, key, code), then the recovery codes,
 * then continues into the app.
 */
import type { AuthenticationResponse, TwoFactorEnrolment, TwoFactorSignInResponse } from '@piecework/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../api/session-context';
import { TextField } from '../../components/field';
import { RecoveryCodesList } from '../account/recovery-codes-list';
import { TotpSetup } from '../account/totp-setup';
import { writeRememberedDevice } from './remembered-device';
import '../account/account.css';

/** Props of {@link TwoFactorStep}. */
export interface TwoFactorStepProps {
  challenge: string;
  enrolmentRequired: boolean;
  email: string;
  /** Called with the sign-in's answer once the step passed. */
  onSignedIn: (answer: AuthenticationResponse) => void;
  /** Back to the password form. */
  onCancel: () => void;
}

/** The code (or enrolment) step of the sign-in card. */
export function TwoFactorStep({
  challenge,
  enrolmentRequired,
  email,
  onSignedIn,
  onCancel,
}: TwoFactorStepProps) {
  const client = useApi();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [missing, setMissing] = useState<string | undefined>();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | undefined>();
  const [signedIn, setSignedIn] = useState<TwoFactorSignInResponse | undefined>();
  const startEnrolment = useMutation({
    mutationFn: () => client.twoFactor.startSignInEnrolment({ challenge }),
    onSuccess: setEnrolment,
  });
  const { mutate: enrol } = startEnrolment;
  useEffect(() => {
    if (enrolmentRequired) enrol();
  }, [enrolmentRequired, enrol]);
  const verify = useMutation({
    mutationFn: (input: { code?: string; recoveryCode?: string }) =>
      client.twoFactor.signIn({ challenge, ...input, rememberDevice: remember }),
    onSuccess: (answer) => {
      if (answer.rememberedDeviceToken !== undefined)
        writeRememberedDevice(email, answer.rememberedDeviceToken);
      if (answer.recoveryCodes !== undefined) setSignedIn(answer);
      else onSignedIn(answer);
    },
  });
  const rememberBox = (
    <label className="checkbox-row">
      <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
      Remember this device for 30 days
    </label>
  );

  if (signedIn !== undefined) {
    return (
      <div>
        <h2>Two-factor authentication is on</h2>
        <RecoveryCodesList codes={signedIn.recoveryCodes ?? []} />
        <button type="button" className="btn primary block" onClick={() => onSignedIn(signedIn)}>
          Continue
        </button>
      </div>
    );
  }
  if (enrolmentRequired) {
    return (
      <div>
        <h2>Set up two-factor authentication</h2>
        <p className="muted">Your platform requires a code from an authenticator app at every sign-in.</p>
        {startEnrolment.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(startEnrolment.error)}
          </div>
        ) : null}
        {enrolment === undefined ? null : (
          <>
            {rememberBox}
            <TotpSetup
              enrolment={enrolment}
              confirmLabel="Turn on and sign in"
              pending={verify.isPending}
              error={verify.isError ? errorMessage(verify.error) : undefined}
              onConfirm={(typed) => verify.mutate({ code: typed })}
            />
          </>
        )}
        <button type="button" className="btn block" onClick={onCancel}>
          Back
        </button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = useRecovery ? code.trim() : code.replace(/\s+/g, '');
    const valid = useRecovery ? typed.length >= 8 : /^\d{6}$/.test(typed);
    setMissing(
      valid
        ? undefined
        : useRecovery
          ? 'Enter one of your recovery codes'
          : 'Enter the 6 digits your app shows',
    );
    if (valid) verify.mutate(useRecovery ? { recoveryCode: typed } : { code: typed });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <p>
        {useRecovery
          ? 'Enter one of the recovery codes you saved.'
          : 'Enter the code from your authenticator app.'}
      </p>
      {useRecovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          error={missing}
          required
        />
      ) : (
        <TextField
          key="code"
          label="Authentication code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          error={missing}
          required
        />
      )}
      {rememberBox}
      {verify.isError ? (
        <div className="notice error" role="alert">
          {errorMessage(verify.error)}
        </div>
      ) : null}
      <button type="submit" className="btn primary" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify'}
      </button>
      <div className="auth-links">
        <button
          type="button"
          className="btn link"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            setMissing(undefined);
            verify.reset();
          }}
        >
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" className="btn link" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}
