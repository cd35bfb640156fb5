/**
 * The chip a plain `{{ }}` reference is drawn as in a reference editor: the step's logo (or its
 * core icon), then "2. Send email › email". The text it stands for stays in the document; the
 * chip only replaces how it looks, and the editor treats it as one atomic unit.
 */
import { WidgetType } from '@codemirror/view';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { StepLogo } from '../../canvas/step-logo';
import type { ReferenceSource } from '../data-selector/reference-sources';

/** The React roots drawing the chips' logos, by their box, unmounted when the chip goes. */
const logoRoots = new WeakMap<HTMLElement, Root>();

/**
 * The picture at the chip's start: the same {@link StepLogo} as on the canvas (the piece's logo,
 * its monogram, or the step's core icon), drawn into the chip by a React root of its own.
 */
function logo(source: ReferenceSource): HTMLElement {
  const box = document.createElement('span');
  box.className = 'reference-chip-logo';
  const root = createRoot(box);
  root.render(
    createElement(StepLogo, {
      type: source.type === 'PIECE_TRIGGER' ? 'PIECE' : source.type,
      logoUrl: source.logoUrl,
      pieceName: source.pieceName,
      size: 14,
    }),
  );
  logoRoots.set(box, root);
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

  override destroy(dom: HTMLElement): void {
    const box = dom.querySelector<HTMLElement>('.reference-chip-logo');
    const root = box === null ? undefined : logoRoots.get(box);
    // The editor may drop a chip while React renders (its field unmounting): unmount after that.
    if (root !== undefined) queueMicrotask(() => root.unmount());
  }

  override ignoreEvent(): boolean {
    return false;
  }
}
