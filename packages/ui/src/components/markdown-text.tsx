/**
 * Markdown written by a flow or a piece (a form's answer, a chat message, a piece's note),
 * rendered by react-markdown with GitHub's extensions (tables, task lists, strikethrough). Raw
 * HTML in it is dropped; links open in a new tab without access to this page (`rel="noopener
 * noreferrer"`). Use it for any markdown the app did not write itself.
 */
import type { ComponentProps } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

const PLUGINS = [remarkGfm];

function NewTabLink(props: ComponentProps<'a'>) {
  const { node: _node, ...link } = props as ComponentProps<'a'> & { node?: unknown };
  return <a {...link} target="_blank" rel="noopener noreferrer" />;
}

const COMPONENTS = { a: NewTabLink };

/** Renders `markdown`. */
export function MarkdownText({ markdown }: { markdown: string }) {
  return (
    <div className="markdown-text">
      <Markdown remarkPlugins={PLUGINS} components={COMPONENTS} skipHtml>
        {markdown}
      </Markdown>
    </div>
  );
}
