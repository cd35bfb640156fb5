/**
 * Adding Piecework to an authenticator app: the secret's QR code (an image made in the browser
 * with `qrcode` from the otpauth URL, so the secret never leaves the page), the same secret as
 * text for apps that cannot scan, and a field for the 6-digit code that confirms it. Used on the
 * Account page and during a sign-in the platform requires two-factor for.
 */
import { toDataURL } from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import type { TwoFactorEnrolment } from '@piecework/shared';
import { TextField } from '../../components/field';

/** Props of {@link TotpSetup}. */
export interface TotpSetupProps {
  enrolment: TwoFactorEnrolment;
  /** Called with the 6 digits typed. */
  onConfirm: (code: string) => void;
  pending: boolean;
  /** The server's refusal of the last code, shown under the field. */
  error?: string | undefined;
  /** The confirm button's text. */
  confirmLabel?: string;
}

/** The QR code, the key as text, and the confirming code field. */
export function TotpSetup({
  enrolment,
  onConfirm,
  pending,
  error,
  confirmLabel = 'Turn on',
}: TotpSetupProps) {
  const [qr, setQr] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  useEffect(() => {
    let current = true;
    void toDataURL(enrolment.otpauthUrl, { margin: 1, width: 200 }).then((url) => {
      if (current) setQr(url);
    });
    return () => {
      current = false;
    };
  }, [enrolment.otpauthUrl]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    setMissing(/^\d{6}$/.test(digits) ? undefined : 'Enter the 6 digits your app shows');
    if (/^\d{6}$/.test(digits)) onConfirm(digits);
  };
  return (
    <div className="totp-setup">
      <p>Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).</p>
      {qr === undefined ? null : (
        <img
          className="totp-qr"
          src={qr}
          width={200}
          height={200}
          alt="QR code to add Piecework to your authenticator app"
        />
      )}
      <p className="totp-key">
        Can&apos;t scan? Enter this key: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Code from your app"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          error={missing ?? error}
          required
        />
        <button type="submit" className="btn primary" disabled={pending}>
          {pending ? 'Checking…' : confirmLabel}
        </button>
      </form>
    </div>
  );
}
