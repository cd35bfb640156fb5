/**
 * A template in the gallery: its name (a button opening its details), summary, tags in their
 * colours and the pieces it uses. Also the tag chip and piece list the details dialog reuses.
 */
import type { PieceMetadataSummary, Template, TemplateTag } from '@piecework/shared';
import { templatePieces } from './piece-names';

/** A tag: its title beside a dot of its colour (the text keeps the page's contrast). */
export function TagChip({ tag }: { tag: TemplateTag }) {
  return (
    <span className="template-tag" style={{ borderColor: tag.color, backgroundColor: `${tag.color}1a` }}>
      <span className="tag-dot" style={{ backgroundColor: tag.color }} aria-hidden="true" />
      {tag.title}
    </span>
  );
}

/** The pieces of a template: logos (when the catalogue has them) and names. */
export function PieceList({
  names,
  catalogue,
  limit,
}: {
  names: readonly string[];
  catalogue: readonly PieceMetadataSummary[];
  /** Show at most this many, then "+N". */
  limit?: number;
}) {
  const pieces = templatePieces(names, catalogue);
  const shown = limit === undefined ? pieces : pieces.slice(0, limit);
  const more = pieces.length - shown.length;
  return (
    <ul className="template-pieces" aria-label="Pieces">
      {shown.map((piece) => (
        <li key={piece.name}>
          {piece.logoUrl === undefined ? null : <img src={piece.logoUrl} alt="" width={18} height={18} />}
          {piece.displayName}
        </li>
      ))}
      {more > 0 ? <li className="muted">+{more}</li> : null}
    </ul>
  );
}

/** Props of {@link TemplateCard}. */
export interface TemplateCardProps {
  template: Template;
  catalogue: readonly PieceMetadataSummary[];
  onOpen: () => void;
}

/** One card of the gallery. */
export function TemplateCard({ template, catalogue, onOpen }: TemplateCardProps) {
  return (
    <article className="template-card">
      <h2>
        <button type="button" className="template-open" onClick={onOpen}>
          {template.name}
        </button>
      </h2>
      {template.summary === '' ? null : <p className="template-summary">{template.summary}</p>}
      {template.tags.length === 0 ? null : (
        <div className="template-tags">
          {template.tags.map((tag) => (
            <TagChip key={tag.title} tag={tag} />
          ))}
        </div>
      )}
      <PieceList names={template.pieces} catalogue={catalogue} limit={4} />
      <span className="badge template-type">
        {template.type.charAt(0) + template.type.slice(1).toLowerCase()}
      </span>
    </article>
  );
}
