/**
 * The messages under the builder's header: the conflict alert (an edit refused because the flow
 * changed elsewhere), the link to a test run just started, and the banner of a past version
 * shown read-only with "Use as draft" and "Back to the draft". Embedded with
 * `disableNavigationInBuilder`, the test run's link out is absent.
 */
import type { FlowRun, PopulatedFlow } from '@piecework/shared';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { DateText } from '../../../components/date-text';
import { useEmbedOptions } from '../../../embed/embed-context';
import { showsBuilderLinksOut } from '../../../embed/embed-options';

/** Props of {@link BuilderNotices}. */
export interface BuilderNoticesProps {
  projectId: string;
  conflict: string | null;
  testRun: FlowRun | null;
  onDismissTestRun: () => void;
  /** The past version shown, if any. */
  viewed: PopulatedFlow | undefined;
  busy: boolean;
  onUseAsDraft: (versionId: string) => void;
  onBackToDraft: () => void;
}

/** The notices of the builder. */
export function BuilderNotices(props: BuilderNoticesProps) {
  const { conflict, testRun, viewed } = props;
  const linksOut = showsBuilderLinksOut(useEmbedOptions());
  return (
    <>
      {conflict === null ? null : (
        <div className="notice warning builder-notice" role="alert">
          {conflict}
        </div>
      )}
      {testRun === null ? null : (
        <div className="notice info builder-notice" role="status">
          <span>
            Test run started.{' '}
            {linksOut ? (
              <Link to={`/projects/${props.projectId}/runs/${testRun.id}`}>Open the test run</Link>
            ) : null}
          </span>
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={props.onDismissTestRun}>
            <X aria-hidden="true" className="icon" />
          </button>
        </div>
      )}
      {viewed === undefined ? null : (
        <div className="notice info builder-notice">
          <span>
            You are viewing the version of <DateText iso={viewed.version.updated} />. It is read-only.
          </span>
          <span className="notice-actions">
            <button
              type="button"
              className="btn small"
              disabled={props.busy}
              onClick={() => props.onUseAsDraft(viewed.version.id)}
            >
              Use as draft
            </button>
            <button type="button" className="btn small" onClick={props.onBackToDraft}>
              Back to the draft
            </button>
          </span>
        </div>
      )}
    </>
  );
}
