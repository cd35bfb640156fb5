/**
 * The footer of a release dialog that reviews before it applies: **Cancel**, then **Review
 * changes** (submitting the dialog's form) until a plan is shown, and **Apply** once it is
 * (disabled when the plan changes nothing).
 */
import type { ProjectReleasePlan } from '@piecework/shared';
import { isEmptyPlan } from './release-plan-view';

/** Props of {@link ReleaseReviewFooter}. */
export interface ReleaseReviewFooterProps {
  /** The id of the dialog's form, which **Review changes** submits. */
  formId: string;
  /** The plan shown, or null before the review. */
  plan: ProjectReleasePlan | null;
  /** A review or an apply is on its way: every button waits. */
  busy: boolean;
  onCancel: () => void;
  onApply: () => void;
}

/** The buttons of a release dialog; use it as the `footer` of its `Dialog`. */
export function ReleaseReviewFooter({ formId, plan, busy, onCancel, onApply }: ReleaseReviewFooterProps) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      {plan === null ? (
        <button type="submit" form={formId} className="btn primary" disabled={busy}>
          Review changes
        </button>
      ) : (
        <button type="button" className="btn primary" disabled={busy || isEmptyPlan(plan)} onClick={onApply}>
          Apply
        </button>
      )}
    </>
  );
}
