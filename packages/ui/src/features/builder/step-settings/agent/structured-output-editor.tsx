/**
 * The structured output of an agent step: rows of name, description and type (text, number, yes/no)
 * that the agent must answer; each field's name is its key in the step's output. No row: the
 * output is the agent's final message.
 */
import type { AgentOutputField, AgentOutputFieldType } from '@piecework/shared';
import { X } from 'lucide-react';
import { Combobox } from '../../../../components/combobox';

/** Props of {@link StructuredOutputEditor}. */
export interface StructuredOutputEditorProps {
  fields: readonly AgentOutputField[];
  onChange: (fields: AgentOutputField[]) => void;
  disabled: boolean;
}

const TYPES: readonly { value: AgentOutputFieldType; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'boolean', label: 'Yes / no' },
];

/** The rows of structured-output fields, "Add field" and a Remove button per row. */
export function StructuredOutputEditor({ fields, onChange, disabled }: StructuredOutputEditorProps) {
  const edit = (index: number, patch: Partial<AgentOutputField>) =>
    onChange(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  return (
    <fieldset className="agent-output" aria-labelledby="agent-output-title">
      <div className="section-title">
        <h3 id="agent-output-title">Structured output</h3>
        {disabled ? null : (
          <button
            type="button"
            className="btn small"
            onClick={() => onChange([...fields, { displayName: '', description: '', type: 'text' }])}
          >
            Add field
          </button>
        )}
      </div>
      {fields.length === 0 ? (
        <p className="muted">None: the step&apos;s output is the agent&apos;s final message.</p>
      ) : (
        <ol className="agent-output-rows">
          {fields.map((field, index) => {
            const n = String(index + 1);
            return (
              <li key={n} className="agent-output-row">
                <input
                  aria-label={`Name of output field ${n}`}
                  placeholder="Name"
                  value={field.displayName}
                  aria-invalid={field.displayName.trim() === ''}
                  onChange={(event) => edit(index, { displayName: event.target.value })}
                />
                <input
                  aria-label={`Description of output field ${n}`}
                  placeholder="Description (optional)"
                  value={field.description ?? ''}
                  onChange={(event) => edit(index, { description: event.target.value })}
                />
                <Combobox
                  aria-label={`Type of output field ${n}`}
                  value={field.type}
                  options={TYPES}
                  disabled={disabled}
                  onValueChange={(type) => edit(index, { type: type as AgentOutputFieldType })}
                />
                {disabled ? null : (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Remove output field ${n}`}
                    onClick={() => onChange(fields.filter((_, i) => i !== index))}
                  >
                    <X aria-hidden="true" className="icon" />
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </fieldset>
  );
}
