/**
 * The line under a field whose text holds `{{ }}`: what it resolves to from the steps' sample
 * data ("Preview: Hello Ada"), or that it is known only after a test. Nothing is evaluated; see
 * `reference-preview.ts`.
 */
import { previewReferences } from './reference-preview';
import { useReferenceSources } from './reference-sources';

const MAX_SHOWN = 300;

/** The preview of `value`, or nothing when it has no `{{ }}` or the field is outside a step panel. */
export function ReferencePreviewHint({ value, id }: { value: string; id?: string | undefined }) {
  const sources = useReferenceSources();
  if (sources === null) return null;
  const preview = previewReferences(value, sources.sample);
  if (preview.kind === 'none') return null;
  const text =
    preview.kind === 'value'
      ? preview.text.length > MAX_SHOWN
        ? `${preview.text.slice(0, MAX_SHOWN)}…`
        : preview.text
      : null;
  return (
    <div id={id} className="field-hint reference-preview">
      {text === null ? (
        'Preview: shown after a test'
      ) : (
        <>
          Preview: <span className="mono">{text}</span>
        </>
      )}
    </div>
  );
}
