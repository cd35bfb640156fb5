/**
 * The run page's step tree: each step that ran with its status icon and duration, a router's
 * steps under their branch, a loop's body under the loop with previous / next buttons through its
 * iterations ("Iteration 3 of 10"). A click (or Enter) selects a step; the selected one is marked
 * `aria-current`.
 */
import { formatDuration } from '../../format/format-time';
import { stepStatusLook } from './run-status';
import type { RunTreeStep } from './run-tree';

/** Props of {@link RunStepTree}. */
export interface RunStepTreeProps {
  tree: readonly RunTreeStep[];
  selectedKey: string | undefined;
  onSelect: (step: RunTreeStep) => void;
  /** Shows iteration `iteration` (0-based) of the loop `loop`. */
  onIteration: (loop: RunTreeStep, iteration: number) => void;
}

/** The steps of a run as a nested list of buttons. */
export function RunStepTree(props: RunStepTreeProps) {
  return (
    <nav className="run-tree" aria-label="Steps of the run">
      <StepList steps={props.tree} {...props} />
    </nav>
  );
}

function StepList({ steps, ...props }: RunStepTreeProps & { steps: readonly RunTreeStep[] }) {
  return (
    <ul>
      {steps.map((step) => (
        <StepItem key={step.key} step={step} {...props} />
      ))}
    </ul>
  );
}

function StepItem({ step, ...props }: RunStepTreeProps & { step: RunTreeStep }) {
  const look = stepStatusLook(step.record.status);
  const selected = step.key === props.selectedKey;
  return (
    <li>
      <button
        type="button"
        className={`run-step ${selected ? 'selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        onClick={() => props.onSelect(step)}
      >
        <span className={`step-icon ${look.badge}`} aria-hidden="true">
          {look.icon}
        </span>
        <span className="step-name">{step.displayName}</span>
        <span className="visually-hidden">{look.label}</span>
        <span className="step-duration">{formatDuration(step.record.duration)}</span>
      </button>
      {step.loop === undefined ? null : (
        <IterationPager
          name={step.displayName}
          count={step.loop.count}
          shown={step.loop.shown}
          onShow={(iteration) => props.onIteration(step, iteration)}
        />
      )}
      {step.groups.map((group, index) => (
        <div key={group.label ?? index} className="run-step-group">
          {group.label === undefined ? null : <span className="branch-label">{group.label}</span>}
          <StepList steps={group.steps} {...props} />
        </div>
      ))}
    </li>
  );
}

function IterationPager(props: { name: string; count: number; shown: number; onShow: (i: number) => void }) {
  const { name, count, shown, onShow } = props;
  return (
    <div className="iteration-pager">
      <button
        type="button"
        className="icon-btn"
        aria-label={`Previous iteration of ${name}`}
        disabled={shown === 0}
        onClick={() => onShow(shown - 1)}
      >
        ‹
      </button>
      <span aria-live="polite">
        Iteration {shown + 1} of {count}
      </span>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Next iteration of ${name}`}
        disabled={shown >= count - 1}
        onClick={() => onShow(shown + 1)}
      >
        ›
      </button>
    </div>
  );
}
