/**
 * `/forms/:flowId`: the public web form of a flow started by the forms piece's form (or file)
 * trigger. Its fields come from the trigger's inputs, prefilled from the query string; it is
 * checked before sending, sent as multipart, and the flow's answer is shown under it.
 * `?useDraft=true` reads and submits the draft.
 */
import type { FormResponse } from '@piecework/shared';
import { formInputKey } from '@piecework/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FormAnswerView } from './form-answer-view';
import { FormField } from './form-field';
import { formBody, initialFormValues, validateForm, type FormErrors, type FormValue } from './form-values';
import { HumanInputLayout, HumanInputReadState } from './human-input-layout';
import { useFormPage, useHumanInputTarget } from './use-human-input-page';
import { useSubmission } from './use-submission';

/** The page of `/forms/:flowId`. */
export function Page() {
  const { flowId, useDraft } = useHumanInputTarget();
  const form = useFormPage(flowId, useDraft);
  if (form.data === undefined) {
    return (
      <HumanInputLayout>
        <HumanInputReadState error={form.error} what="form" />
      </HumanInputLayout>
    );
  }
  return (
    <HumanInputLayout platformName={form.data.platformName}>
      <GeneratedForm form={form.data} useDraft={useDraft} />
    </HumanInputLayout>
  );
}

function GeneratedForm({ form, useDraft }: { form: FormResponse; useDraft: boolean }) {
  const inputs = form.props.inputs;
  const [search] = useSearchParams();
  const [values, setValues] = useState(() => initialFormValues(inputs, search));
  const [errors, setErrors] = useState<FormErrors>({});
  const { state, submit } = useSubmission({ kind: 'form', flowId: form.id, useDraft });
  const sending = state.phase === 'sending';
  const formElement = useRef<HTMLFormElement>(null);
  const [refusedAttempts, setRefusedAttempts] = useState(0);
  useEffect(() => {
    if (refusedAttempts > 0)
      formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedAttempts]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateForm(inputs, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setRefusedAttempts((count) => count + 1);
      return;
    }
    submit(formBody(inputs, values));
  };
  const change = (key: string, value: FormValue) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key] !== undefined) setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  return (
    <main className="hi-card">
      <h1>{form.title}</h1>
      <form ref={formElement} onSubmit={onSubmit} noValidate aria-label={form.title}>
        {inputs.map((input, index) => {
          const key = formInputKey(input.displayName);
          return (
            <FormField
              key={`${key}-${String(index)}`}
              input={input}
              value={values[key] ?? null}
              error={errors[key]}
              disabled={sending}
              onChange={(value) => change(key, value)}
            />
          );
        })}
        <button type="submit" className="btn primary hi-submit" disabled={sending}>
          {sending ? 'Sending…' : 'Submit'}
        </button>
      </form>
      <FormAnswerView state={state} />
    </main>
  );
}
