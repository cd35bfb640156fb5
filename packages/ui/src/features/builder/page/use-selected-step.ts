/**
 * The selected step lives in the URL (`?step=step_3`): a link or a reload opens the builder with
 * that step's settings. Selecting replaces the history entry instead of adding one.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The selected step's name and a stable function to select another (null: none). */
export function useSelectedStep(): [string | null, (name: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(setParams);
  useLayoutEffect(() => {
    latest.current = setParams;
  });
  const select = useCallback((name: string | null) => {
    latest.current(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (name === null) next.delete('step');
        else next.set('step', name);
        return next;
      },
      { replace: true },
    );
  }, []);
  return [params.get('step'), select];
}
