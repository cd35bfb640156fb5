/**
 * The chip a plain `{{ }}` reference is drawn as in a reference editor: the step's logo (or its
 * core icon), then "2. Send email › email". The text it stands for stays in the document; the
 * chip only replaces how it looks, and the editor treats it as one atomic unit.
 */
import { WidgetType } from '@codemirror/view';
import { stepIconPaths } from '../../canvas/step-logo';
import type { ReferenceSource } from '../data-selector/reference-sources';

const SVG = 'http://www.w3.org/2000/svg';

/** The picture at the chip's start: the piece's logo, or the step's core icon. */
function logo(source: ReferenceSource): HTMLElement {
  const box = document.createElement('span');
  box.className = 'step-logo';
  if (source.logoUrl !== undefined && source.logoUrl !== '') {
    const image = document.createElement('img');
    image.src = source.logoUrl;
    image.alt = '';
    image.width = 14;
    image.height = 14;
    box.append(image);
    return box;
  }
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'core-icon');
  const type = source.type === 'PIECE_TRIGGER' ? 'PIECE' : source.type;
  for (const d of stepIconPaths(type)) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  box.append(svg);
  return box;
}

/** A reference to `path` in `source`'s output drawn as a chip; use it in a `Decoration.replace`. */
export class ReferenceChipWidget extends WidgetType {
  constructor(
    readonly source: ReferenceSource,
    /** The readable path ("items[0].name"; '' for the whole output). */
    readonly path: string,
    /** The reference's text, shown as the chip's tooltip. */
    readonly text: string,
  ) {
    super();
  }

  /** The chip's words: "2. Send email › email". */
  get label(): string {
    return this.path === '' ? this.source.label : `${this.source.label} › ${this.path}`;
  }

  override eq(other: ReferenceChipWidget): boolean {
    return (
      other.label === this.label && other.text === this.text && other.source.logoUrl === this.source.logoUrl
    );
  }

  override toDOM(): HTMLElement {
    const chip = document.createElement('span');
    chip.className = 'reference-chip';
    chip.title = this.text;
    chip.dataset['reference'] = this.text;
    const words = document.createElement('span');
    words.className = 'reference-chip-label';
    words.textContent = this.label;
    chip.append(logo(this.source), words);
    return chip;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}
