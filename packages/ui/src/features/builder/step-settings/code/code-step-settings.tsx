/**
 * The settings of a CODE step: its source in two tabs, `index.ts` (`sourceCode.code`) and
 * `package.json` (`sourceCode.packageJson`), each in CodeMirror; its inputs as name/value rows
 * (`settings.input`, values accepting `{{ }}`), which the code reads as `inputs.<name>`; and the
 * failure switches. The step is valid once it has code (the server checks that it parses).
 */
import { useState } from 'react';
import { ErrorHandlingSwitches } from '../error-handling-options';
import { KeyValueList } from '../properties/key-value-list';
import type { EditableStep } from '../step-request';
import { Tabs } from '../tabs';
import type { StepDraft } from '../use-step-draft';
import { CodeEditor } from './code-editor';

/** The draft of a code step. */
export type CodeDraft = Extract<EditableStep, { type: 'CODE' }>;

type CodeFile = 'code' | 'packageJson';

const FILES = [
  { value: 'code', label: 'index.ts' },
  { value: 'packageJson', label: 'package.json' },
] as const;

/** Props of {@link CodeStepSettings}. */
export interface CodeStepSettingsProps {
  draft: CodeDraft;
  change: StepDraft['change'];
  readonly: boolean;
}

/** The editor of a code step. */
export function CodeStepSettings({ draft, change, readonly }: CodeStepSettingsProps) {
  const [file, setFile] = useState<CodeFile>('code');
  const { settings } = draft;
  const update = (edit: (current: CodeDraft['settings']) => CodeDraft['settings']) =>
    change((step) => {
      if (step.type !== 'CODE') return step;
      const next = edit(step.settings);
      return { ...step, settings: next, valid: next.sourceCode.code.trim().length > 0 };
    });
  return (
    <div className="code-settings">
      <Tabs label="Files of the code step" tabs={FILES} selected={file} onSelect={setFile}>
        <CodeEditor
          key={file}
          language={file === 'code' ? 'typescript' : 'json'}
          label={`${draft.name} ${file === 'code' ? 'index.ts' : 'package.json'}`}
          readonly={readonly}
          value={settings.sourceCode[file]}
          onChange={(text) =>
            update((current) => ({ ...current, sourceCode: { ...current.sourceCode, [file]: text } }))
          }
        />
      </Tabs>
      <fieldset className="prop-field prop-group" disabled={readonly}>
        <legend>Inputs</legend>
        <p className="field-hint">
          The code reads each input as <code>inputs.name</code>; values may use data from earlier steps.
        </p>
        <KeyValueList
          idPrefix={`${draft.name}-inputs`}
          noun="input"
          value={settings.input}
          onChange={(input) => update((current) => ({ ...current, input }))}
        />
      </fieldset>
      <fieldset className="plain" disabled={readonly}>
        <ErrorHandlingSwitches
          value={settings.errorHandlingOptions}
          onChange={(errorHandlingOptions) => update((current) => ({ ...current, errorHandlingOptions }))}
        />
      </fieldset>
    </div>
  );
}
