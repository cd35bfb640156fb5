/**
 * The email and password part of the sign-in settings page: whether people may sign in and up
 * with an email and a password, and whether Google sign-in is offered (where the server has
 * AP_GOOGLE_CLIENT_ID and AP_GOOGLE_CLIENT_SECRET). The server refuses a change that would leave
 * nobody a way in; its message shows in a toast.
 */
import type { Platform } from '@piecework/shared';
import { Switch } from '../../components/switch';
import { useToast } from '../../components/toast';
import { useUpdatePlatform } from './use-platform';
import './sign-in-settings.css';

/** The email sign-in section, for a loaded `platform`. */
export function EmailSignInSection({ platform }: { platform: Platform }) {
  const update = useUpdatePlatform();
  const { toast, toastError } = useToast();
  const save = (change: Partial<Pick<Platform, 'emailAuthEnabled' | 'googleAuthEnabled'>>, done: string) =>
    update.mutate(change, { onSuccess: () => toast(done), onError: toastError });
  return (
    <section className="settings-section" aria-labelledby="email-sign-in">
      <h2 id="email-sign-in">Email and password</h2>
      <div className="switch-row">
        <Switch
          on={platform.emailAuthEnabled}
          label="Email and password sign-in"
          describedBy="email-sign-in-help"
          disabled={update.isPending}
          onToggle={(on) =>
            save({ emailAuthEnabled: on }, on ? 'Email sign-in is on' : 'Email sign-in is off')
          }
        />
        <span id="email-sign-in-help">
          {platform.emailAuthEnabled ? 'On' : 'Off'}: people sign in and up with an email and a password.
        </span>
      </div>
      <div className="switch-row">
        <Switch
          on={platform.googleAuthEnabled}
          label="Google sign-in"
          describedBy="google-sign-in-help"
          disabled={update.isPending}
          onToggle={(on) =>
            save({ googleAuthEnabled: on }, on ? 'Google sign-in is on' : 'Google sign-in is off')
          }
        />
        <span id="google-sign-in-help">
          {platform.googleAuthEnabled ? 'On' : 'Off'}: "Sign in with Google", where the server has
          AP_GOOGLE_CLIENT_ID and AP_GOOGLE_CLIENT_SECRET.
        </span>
      </div>
    </section>
  );
}
