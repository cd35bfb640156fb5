/**
 * "Add AI provider" and "Edit" of the AI providers page: the provider (chosen when adding only),
 * its name, its API key (required when adding; blank keeps the stored one when editing) and the
 * fields its provider asks for (see `provider-form.ts`). The key is typed in a password box and
 * never shown back.
 */
import { SUPPORTED_AI_PROVIDERS, type AIProviderWithoutSensitiveData } from '@piecework/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../api/session-context';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import {
  createRequest,
  emptyForm,
  extraFields,
  formErrors,
  formOf,
  PROVIDER_LABELS,
  updateRequest,
  type ProviderFormValues,
  type SupportedProvider,
} from './provider-form';
import { TextAreaField } from './text-area-field';
import { AI_PROVIDERS_KEY } from './use-ai-providers';

/** Props of {@link ProviderDialog}: `editing` is the provider to edit, none to add one. */
export interface ProviderDialogProps {
  editing?: AIProviderWithoutSensitiveData;
  onClose: () => void;
}

const FIELD_LABELS: Partial<Record<keyof ProviderFormValues, string>> = {
  baseUrl: 'Base URL',
  apiKeyHeader: 'API key header',
  models: 'Models',
  resourceName: 'Resource name',
  accountId: 'Account id',
  gatewayId: 'Gateway id',
};

const FIELD_HINTS: Partial<Record<keyof ProviderFormValues, string>> = {
  baseUrl: 'Up to /v1, e.g. https://api.example.com/v1.',
  apiKeyHeader: 'Authorization sends “Bearer <key>”; any other header sends the key as it is.',
  models: 'One per line: the model id, or “id | shown name”.',
  resourceName: 'The name in https://<resource>.openai.azure.com.',
};

/** The dialog that adds or edits a provider. */
export function ProviderDialog({ editing, onClose }: ProviderDialogProps) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [values, setValues] = useState<ProviderFormValues>(() =>
    editing === undefined ? emptyForm() : formOf(editing),
  );
  const [showErrors, setShowErrors] = useState(false);
  const errors = formErrors(values, editing !== undefined);
  const save = useMutation({
    mutationFn: () =>
      editing === undefined
        ? client.aiProviders.create(createRequest(values))
        : client.aiProviders.update(editing.id, updateRequest(values)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: AI_PROVIDERS_KEY });
      toast(editing === undefined ? `Added ${saved.name}` : `Saved ${saved.name}`);
      onClose();
    },
  });
  const set = (field: keyof ProviderFormValues, value: string) =>
    setValues((was) => ({ ...was, [field]: value }));
  const choose = (provider: SupportedProvider) =>
    setValues((was) => ({
      ...emptyForm(provider),
      apiKey: was.apiKey,
      displayName:
        was.displayName === PROVIDER_LABELS[was.provider] ? PROVIDER_LABELS[provider] : was.displayName,
    }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length === 0) save.mutate();
  };
  const shown = (field: keyof ProviderFormValues) => (showErrors ? errors[field] : undefined);
  return (
    <Dialog
      title={editing === undefined ? 'Add AI provider' : `Edit ${editing.name}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="ai-provider-form" className="btn primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing === undefined ? 'Add' : 'Save'}
          </button>
        </>
      }
    >
      <form id="ai-provider-form" onSubmit={onSubmit} noValidate>
        <SelectField
          label="Provider"
          value={values.provider}
          disabled={editing !== undefined}
          options={SUPPORTED_AI_PROVIDERS.map((provider) => ({
            value: provider,
            label: PROVIDER_LABELS[provider],
          }))}
          onValueChange={(value) => choose(value as SupportedProvider)}
        />
        <TextField
          label="Name"
          required
          value={values.displayName}
          error={shown('displayName')}
          onChange={(event) => set('displayName', event.target.value)}
        />
        <TextField
          label="API key"
          type="password"
          autoComplete="off"
          required={editing === undefined}
          value={values.apiKey}
          hint={
            editing === undefined
              ? 'Stored encrypted; never shown again.'
              : 'Leave blank to keep the current key.'
          }
          error={shown('apiKey')}
          onChange={(event) => set('apiKey', event.target.value)}
        />
        {extraFields(values.provider).map((field) =>
          field === 'models' ? (
            <TextAreaField
              key={field}
              label={FIELD_LABELS.models ?? field}
              required
              rows={4}
              value={values.models}
              hint={FIELD_HINTS.models}
              error={shown('models')}
              onChange={(event) => set('models', event.target.value)}
            />
          ) : (
            <TextField
              key={field}
              label={FIELD_LABELS[field] ?? field}
              required
              value={values[field]}
              hint={FIELD_HINTS[field]}
              error={shown(field)}
              onChange={(event) => set(field, event.target.value)}
            />
          ),
        )}
        {save.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
