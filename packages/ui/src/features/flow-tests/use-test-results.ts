/**
 * The latest result of each test case in the Tests tab, and the draft each was found on: a run
 * of all cases replaces every result, a run of one case replaces its own. Results are kept in
 * the page (the server stores none); a result found on an earlier draft is marked outdated.
 */
import type { FlowTestResult, RunFlowTestsResponse } from '@piecework/shared';
import { useCallback, useState } from 'react';
import type { ShownResult } from './test-case-item';

interface KeptResult {
  result: FlowTestResult;
  /** The draft's `updated` when the result was asked for. */
  draftUpdated: string;
}

/** What {@link useTestResults} answers. */
export interface TestResults {
  /** The result of test case `id` as the tab shows it, if it ran. */
  shown(id: string): ShownResult | undefined;
  /** Keeps the results of a run on the draft of `draftUpdated`; `all` forgets the others. */
  keep(response: RunFlowTestsResponse, draftUpdated: string, all: boolean): void;
  /** Forgets test case `id`'s result (its expectations changed). */
  forget(id: string): void;
}

/** The kept results, judged against the draft of `draftUpdated`. */
export function useTestResults(draftUpdated: string): TestResults {
  const [kept, setKept] = useState<ReadonlyMap<string, KeptResult>>(new Map());
  const keep = useCallback((response: RunFlowTestsResponse, ranOn: string, all: boolean) => {
    setKept((was) => {
      const next = new Map<string, KeptResult>(all ? [] : was);
      for (const result of response.results) next.set(result.testCaseId, { result, draftUpdated: ranOn });
      return next;
    });
  }, []);
  const forget = useCallback((id: string) => {
    setKept((was) => {
      const next = new Map(was);
      next.delete(id);
      return next;
    });
  }, []);
  const shown = (id: string): ShownResult | undefined => {
    const one = kept.get(id);
    return one === undefined
      ? undefined
      : { result: one.result, outdated: one.draftUpdated !== draftUpdated };
  };
  return { shown, keep, forget };
}
