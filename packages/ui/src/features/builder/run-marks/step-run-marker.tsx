/**
 * The mark on a step's card of its status in the run shown (running, waiting, succeeded,
 * failed): an icon and a word, named for screen readers ("Failed in the run"). Nothing when the
 * step has no status.
 */
import { CircleCheck, CircleAlert, Hourglass, LoaderCircle } from 'lucide-react';
import type { StepRunStatus } from './step-run-marks';
import { useStepRunStatus } from './use-step-run-status';
import './step-run-marker.css';

const LOOKS: Record<StepRunStatus, { word: string; Icon: typeof CircleCheck }> = {
  running: { word: 'Running', Icon: LoaderCircle },
  waiting: { word: 'Waiting', Icon: Hourglass },
  succeeded: { word: 'Succeeded', Icon: CircleCheck },
  failed: { word: 'Failed', Icon: CircleAlert },
};

/** The run status mark of step `name`'s card. */
export function StepRunMarker({ name }: { name: string }) {
  const status = useStepRunStatus(name);
  if (status === undefined) return null;
  const { word, Icon } = LOOKS[status];
  return (
    <span
      className={`step-run-marker is-${status}`}
      role="img"
      aria-label={`${word} in the run`}
      data-run-status={status}
      title={`${word} in the run`}
    >
      <Icon size={12} aria-hidden="true" />
      <span aria-hidden="true">{word}</span>
    </span>
  );
}
