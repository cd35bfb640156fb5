/**
 * The model of an agent step: the platform's providers (`aiProviders.list`), then the chosen
 * one's text models (`aiProviders.listModels`). Without any provider it says so, with a link to
 * the AI providers page for platform admins (others are told to ask one).
 */
import type { AgentProviderModel, AIProviderWithoutSensitiveData } from '@piecework/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../api/error-message';
import { useSession } from '../../../../api/session-context';
import { SelectField } from '../../../../components/field';
import { QueryState } from '../../../../components/query-state';
import { providerLabel } from '../../../ai-providers/provider-form';
import { useAIModels, useAIProviders } from '../../../ai-providers/use-ai-providers';

/** Props of {@link ModelPicker}. */
export interface ModelPickerProps {
  value: AgentProviderModel | undefined;
  onChange: (model: AgentProviderModel) => void;
  disabled: boolean;
}

/** The configured provider `model` names (by config id, else the first of its provider name). */
function providerOf(
  providers: readonly AIProviderWithoutSensitiveData[],
  model: AgentProviderModel | undefined,
): AIProviderWithoutSensitiveData | undefined {
  if (model === undefined) return undefined;
  return (
    providers.find((provider) => provider.id === model.configId) ??
    providers.find((provider) => provider.provider === model.provider)
  );
}

/** Whether `model` is of `provider` (its config id, or its provider name when it has none). */
function namesProvider(model: AgentProviderModel, provider: AIProviderWithoutSensitiveData): boolean {
  return model.configId === undefined ? model.provider === provider.provider : model.configId === provider.id;
}

/** The provider and model selects. */
export function ModelPicker(props: ModelPickerProps) {
  const providers = useAIProviders();
  return (
    <QueryState query={providers} label="Loading AI providers">
      {(list) => (list.length === 0 ? <NoProvider /> : <Pickers {...props} providers={list} />)}
    </QueryState>
  );
}

function NoProvider() {
  const { session } = useSession();
  return (
    <div className="notice warning" role="status">
      <span>
        <strong>No AI provider yet.</strong>{' '}
        {session?.platformRole === 'ADMIN' ? (
          <>
            <Link to="/platform/ai-providers">Add an AI provider</Link> to choose the agent&apos;s model.
          </>
        ) : (
          'Ask an admin of your platform to add an AI provider.'
        )}
      </span>
    </div>
  );
}

function Pickers({
  value,
  onChange,
  disabled,
  providers,
}: ModelPickerProps & { providers: readonly AIProviderWithoutSensitiveData[] }) {
  const [chosenId, setChosenId] = useState<string | undefined>(() => providerOf(providers, value)?.id);
  const chosen = providers.find((provider) => provider.id === chosenId);
  const models = useAIModels(chosen?.provider, chosen?.id);
  const textModels = (models.data ?? []).filter((model) => model.type === 'text');
  const missing =
    value !== undefined &&
    chosen !== undefined &&
    namesProvider(value, chosen) &&
    models.isSuccess &&
    !textModels.some((model) => model.id === value.model);
  return (
    <>
      <SelectField
        label="AI provider"
        required
        disabled={disabled}
        value={chosenId ?? ''}
        placeholder="Choose a provider"
        options={providers.map((provider) => ({
          value: provider.id,
          label: `${provider.name} (${providerLabel(provider.provider)})`,
        }))}
        onValueChange={(value) => setChosenId(value === '' ? undefined : value)}
      />
      {chosen === undefined ? null : (
        <SelectField
          label="Model"
          required
          disabled={disabled || models.isPending}
          value={value !== undefined && namesProvider(value, chosen) ? value.model : ''}
          placeholder={models.isPending ? 'Loading models…' : 'Choose a model'}
          options={[
            ...(missing ? [{ value: value.model, label: `${value.model} (not offered)` }] : []),
            ...textModels.map((model) => ({ value: model.id, label: model.name })),
          ]}
          error={models.isError ? `The models could not be listed: ${errorMessage(models.error)}` : undefined}
          onValueChange={(model) => {
            if (model !== '') {
              onChange({ provider: chosen.provider, model, configId: chosen.id });
            }
          }}
        />
      )}
    </>
  );
}
