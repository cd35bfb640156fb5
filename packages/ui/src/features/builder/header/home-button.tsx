/**
 * The builder's way home (accessible name "Back to flows", `data-testid="builder-home-button"`):
 * a link to the flows with a back arrow, or the logo when the embedding host asks
 * (`homeButtonIcon: 'logo'`). With `emitHomeButtonClickedEvent` it is a button that tells the host
 * `CLIENT_BUILDER_HOME_BUTTON_CLICKED {route}` (the current host-facing route) and stays put.
 * With `disableNavigationInBuilder: true` it is absent.
 */
import { EmbedClientEvent } from '@piecework/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useEmbedChannel, useEmbedOptions } from '../../../embed/embed-context';
import { showsBuilderHomeButton } from '../../../embed/embed-options';
import { hostRouteOf } from '../../../embed/host-route';

/** The home button of the builder of a flow in project `projectId`. */
export function HomeButton({ projectId }: { projectId: string }) {
  const options = useEmbedOptions();
  const channel = useEmbedChannel();
  const location = useLocation();
  if (!showsBuilderHomeButton(options)) return null;
  const icon =
    options.homeButtonIcon === 'logo' ? (
      <img src="/favicon.svg" alt="" width={20} height={20} />
    ) : (
      <ArrowLeft aria-hidden="true" className="icon" />
    );
  if (options.emitHomeButtonClickedEvent && channel !== null) {
    return (
      <button
        type="button"
        className="icon-btn back-link"
        aria-label="Back to flows"
        data-testid="builder-home-button"
        onClick={() =>
          channel.post({
            type: EmbedClientEvent.CLIENT_BUILDER_HOME_BUTTON_CLICKED,
            data: { route: hostRouteOf(location.pathname, location.search) },
          })
        }
      >
        {icon}
      </button>
    );
  }
  return (
    <Link
      to={`/projects/${projectId}/flows`}
      className="icon-btn back-link"
      aria-label="Back to flows"
      data-testid="builder-home-button"
    >
      {icon}
    </Link>
  );
}
