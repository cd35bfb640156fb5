/** The files a flow answered with, as download links (a form's answer, a chat's message). */
import type { FileResponse } from '@piecework/shared';
import { fileLink } from './flow-answer';

/** One download link per file; nothing when there are none. */
export function FileLinks({ files }: { files: readonly FileResponse[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="answer-files" aria-label="Files">
      {files.map((file, index) => {
        const { href, name } = fileLink(file);
        return (
          <li key={`${name}-${String(index)}`}>
            <a href={href} download={name} target="_blank" rel="noopener noreferrer">
              Download {name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
