/**
 * A code editor (CodeMirror 6, loaded on first use) for a code step's `index.ts` or
 * `package.json`. Its text is the caller's: typing calls `onChange`, and a new `value` from the
 * caller (another tab's edit the draft adopted) replaces the text. Tab indents; Escape, then Tab
 * leaves the editor (Escape stays inside it: it does not close the panel around it).
 */
import { useEffect, useRef, useState } from 'react';
import type * as CodeMirrorView from './code-mirror-view';

type CodeMirrorModule = typeof CodeMirrorView;
type View = ReturnType<CodeMirrorModule['createCodeView']>;

/** Props of {@link CodeEditor}. */
export interface CodeEditorProps {
  value: string;
  onChange: (text: string) => void;
  language: 'typescript' | 'json';
  /** The editor's accessible name, e.g. "Code of step_1 (index.ts)". */
  label: string;
  readonly: boolean;
}

/** CodeMirror with a loading state while its code arrives. */
export function CodeEditor({ value, onChange, language, label, readonly }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<View | null>(null);
  const module = useRef<CodeMirrorModule | null>(null);
  const latest = useRef({ value, onChange });
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    latest.current = { value, onChange };
    if (view.current !== null && module.current !== null) module.current.replaceText(view.current, value);
  }, [value, onChange]);

  useEffect(() => {
    let cancelled = false;
    import('./code-mirror-view')
      .then((loaded) => {
        if (cancelled || host.current === null) return;
        module.current = loaded;
        view.current = loaded.createCodeView(host.current, {
          doc: latest.current.value,
          language,
          label,
          readonly,
          onChange: (text) => {
            latest.current.value = text;
            latest.current.onChange(text);
          },
        });
        setReady(true);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailed(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      view.current?.destroy();
      view.current = null;
      setReady(false);
    };
  }, [language, label, readonly]);

  return (
    <div
      className="code-editor"
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
    >
      <div ref={host} className="code-editor-host" />
      {ready || failed !== null ? null : <span className="muted small">Loading the editor…</span>}
      {failed === null ? null : (
        <div className="notice error" role="alert">
          The code editor could not load: {failed}
        </div>
      )}
      <p className="field-hint">Tab indents. Press Escape, then Tab, to leave the editor.</p>
    </div>
  );
}
