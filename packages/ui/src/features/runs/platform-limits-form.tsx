/**
 * The platform's default stuck-run limits: shown to everyone, editable by platform admins. A
 * run waiting longer than its limit is listed as stuck and alerted about once.
 */
import type { StuckRunLimits } from '@piecework/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { useSession } from '../../api/session-context';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { LimitInputs, limitsOf, textsOf, type LimitTexts } from './limit-inputs';
import { formatMinutes } from './stuck-run-minutes';
import { usePlatformLimits, useSetPlatformLimits } from './use-stuck-runs';

/** The platform's limits: read-only text for members, a form for admins. */
export function PlatformLimitsForm() {
  const limits = usePlatformLimits();
  const isAdmin = useSession().session?.platformRole === 'ADMIN';
  return (
    <section className="stuck-limits" aria-labelledby="platform-limits-title">
      <h2 id="platform-limits-title">Platform limits</h2>
      <QueryState query={limits} label="Loading the limits">
        {(current) =>
          isAdmin ? (
            <EditLimits current={current} />
          ) : (
            <p className="muted">
              A run is stuck when it stays queued over {formatMinutes(current.queuedMinutes)}, running over{' '}
              {formatMinutes(current.runningMinutes)} or paused over {formatMinutes(current.pausedMinutes)}.
              Platform admins change these limits.
            </p>
          )
        }
      </QueryState>
    </section>
  );
}

function EditLimits({ current }: { current: StuckRunLimits }) {
  const [texts, setTexts] = useState<LimitTexts>(textsOf(current));
  useEffect(() => setTexts(textsOf(current)), [current]);
  const save = useSetPlatformLimits();
  const { toast } = useToast();
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const typed = limitsOf(texts);
        if (Object.values(typed).some((value) => value === null)) {
          setError('Give each status a limit in whole minutes.');
          return;
        }
        save.mutate(typed as StuckRunLimits, {
          onSuccess: () => {
            setError(undefined);
            toast('Saved the platform limits', 'success');
          },
          onError: (failure) => setError(errorMessage(failure)),
        });
      }}
    >
      <LimitInputs values={texts} onChange={setTexts} disabled={save.isPending} />
      {error === undefined ? null : (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn" disabled={save.isPending}>
        Save platform limits
      </button>
    </form>
  );
}
