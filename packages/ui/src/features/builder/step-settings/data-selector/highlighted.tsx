/** Text with the parts that match a search marked (`<mark>`), as the data selector shows results. */
import { Fragment } from 'react';

/** `text` with each case-insensitive occurrence of `search` (lower-case; '' for none) marked. */
export function Highlighted({ text, search }: { text: string; search: string }) {
  if (search === '') return <>{text}</>;
  const lower = text.toLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (let found = lower.indexOf(search); found >= 0; found = lower.indexOf(search, at)) {
    if (found > at) parts.push({ text: text.slice(at, found), match: false });
    parts.push({ text: text.slice(found, found + search.length), match: true });
    at = found + search.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return (
    <>
      {parts.map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </>
  );
}
