/**
 * A piece's MARKDOWN property in a step's form: a note rendered as markdown. The forms piece's
 * notes name the flow's page as `{{formUrl}}` / `{{chatUrl}}`; they show this server's address of
 * it, under the instance's FRONTEND_URL flag (this page's origin when the flags cannot be read).
 */
import { Loading } from '../../../../components/loading';
import { MarkdownText } from '../../../../components/markdown-text';
import { useFlags } from '../../../auth/use-flags';
import { withPageUrls } from '../../../human-input/page-urls';
import { useOptionsSource } from './options-source';

const PAGE_URL = /\{\{(formUrl|chatUrl)\}\}/;

/** The note of a MARKDOWN property whose text is `markdown`. */
export function MarkdownNote({ markdown }: { markdown: string }) {
  const source = useOptionsSource();
  const needsUrl = source !== null && PAGE_URL.test(markdown);
  const flags = useFlags();
  if (needsUrl && flags.isPending) return <Loading label="Loading the page address" />;
  const frontendUrl = flags.data?.['FRONTEND_URL'];
  const base =
    typeof frontendUrl === 'string' && frontendUrl !== '' ? frontendUrl : `${window.location.origin}/`;
  const text = needsUrl ? withPageUrls(markdown, base, source.flowId) : markdown;
  return (
    <div className="notice info markdown-note">
      <MarkdownText markdown={text} />
    </div>
  );
}
