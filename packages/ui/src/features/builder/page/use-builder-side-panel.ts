/**
 * Which side panel the builder shows beside the canvas instead of the selected step's settings:
 * the versions or the tests. It lives in the URL (`?panel=tests`), so a link (e.g. from a run
 * saved as a test case) or a reload opens the builder on it. Changing it replaces the history
 * entry instead of adding one.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A side panel of the builder. */
export type BuilderSidePanel = 'versions' | 'tests';

const PANELS: readonly BuilderSidePanel[] = ['versions', 'tests'];

/** The panel shown (null: none) and a stable function to show another or none. */
export function useBuilderSidePanel(): [BuilderSidePanel | null, (panel: BuilderSidePanel | null) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(setParams);
  useLayoutEffect(() => {
    latest.current = setParams;
  });
  const show = useCallback((panel: BuilderSidePanel | null) => {
    latest.current(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (panel === null) next.delete('panel');
        else next.set('panel', panel);
        return next;
      },
      { replace: true },
    );
  }, []);
  const shown = params.get('panel');
  return [PANELS.find((panel) => panel === shown) ?? null, show];
}
