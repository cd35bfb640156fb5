/**
 * One test case in the Tests tab: its name, its latest result (passed, failed, or not run yet),
 * how many expectations it checks and the run it was saved from, "Run" for it alone, and a menu
 * to rename it, edit its expectations or delete it (for those who may edit the flow). A failed
 * result opens with its details; a passed one shows them on demand.
 */
import type { FlowTestCase, FlowTestResult } from '@piecework/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { MenuButton } from '../../components/menu-button';
import { TestResultView } from './test-result-view';

/** The latest result of a test case and whether the draft changed since it was found. */
export interface ShownResult {
  result: FlowTestResult;
  outdated: boolean;
}

/** Props of {@link TestCaseItem}. */
export interface TestCaseItemProps {
  testCase: FlowTestCase;
  shown: ShownResult | undefined;
  /** Where the run it was saved from is (absent when links out of the builder are hidden). */
  runHref: string | undefined;
  /** This case is running. */
  running: boolean;
  /** A run is going on or the draft is being saved: "Run" waits. */
  busy: boolean;
  mayEdit: boolean;
  onRun: () => void;
  onRename: () => void;
  onEditExpectations: () => void;
  onDelete: () => void;
}

function resultBadge(shown: ShownResult | undefined): { label: string; badge: string } {
  if (shown === undefined) return { label: 'Not run', badge: '' };
  return shown.result.passed ? { label: 'Passed', badge: 'success' } : { label: 'Failed', badge: 'danger' };
}

/** A test case of the Tests tab. */
export function TestCaseItem(props: TestCaseItemProps) {
  const { testCase, shown } = props;
  const name = testCase.displayName;
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const open = expanded ?? (shown !== undefined && !shown.result.passed);
  const state = resultBadge(shown);
  const count = testCase.expectations.length;
  return (
    <li className="test-case" aria-label={name}>
      <div className="test-case-line">
        <h3 className="test-case-name">{name}</h3>
        <span className={`badge ${state.badge}`}>{state.label}</span>
      </div>
      <p className="muted test-case-facts">
        {count === 1 ? '1 expectation' : `${String(count)} expectations`}
        {testCase.sourceRunId === null ? null : (
          <>
            {' · saved from '}
            {props.runHref === undefined ? 'a run' : <Link to={props.runHref}>a run</Link>}
          </>
        )}
      </p>
      <div className="test-case-actions">
        <button type="button" className="btn small" disabled={props.busy} onClick={props.onRun}>
          {props.running ? 'Running…' : 'Run'}
          <span className="visually-hidden"> {name}</span>
        </button>
        {shown === undefined ? null : (
          <button type="button" className="btn small" aria-expanded={open} onClick={() => setExpanded(!open)}>
            {open ? 'Hide result' : 'Show result'}
            <span className="visually-hidden"> of {name}</span>
          </button>
        )}
        {props.mayEdit ? (
          <MenuButton
            label={`Actions of test case ${name}`}
            items={[
              { label: 'Rename', onSelect: props.onRename },
              { label: 'Edit expectations', onSelect: props.onEditExpectations },
              { label: 'Delete', onSelect: props.onDelete, danger: true },
            ]}
          />
        ) : null}
      </div>
      {shown !== undefined && open ? (
        <TestResultView result={shown.result} outdated={shown.outdated} />
      ) : null}
    </li>
  );
}
