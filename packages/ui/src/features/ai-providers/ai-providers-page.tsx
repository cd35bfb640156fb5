/**
 * `/platform/ai-providers` (platform admins): the model providers agent steps use — each one's
 * name, provider and (for custom and Cloudflare providers) models, never its key — with "Add AI
 * provider", edit (a blank key keeps the stored one) and delete (asks first); and the platform's
 * web-search setting.
 */
import type { AIProviderWithoutSensitiveData, ProviderModelConfig } from '@piecework/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/session-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast';
import { AdminQueryState, isForbidden } from '../settings/admin-query-state';
import { providerLabel } from './provider-form';
import { ProviderDialog } from './provider-dialog';
import { AI_PROVIDERS_KEY, useAIProviders } from './use-ai-providers';
import { WebSearchSection } from './web-search-section';
import '../settings/settings.css';

/** The models a provider lists in its config (custom, Cloudflare), as text. */
function configuredModels(provider: AIProviderWithoutSensitiveData): string {
  const models = (provider.config as { models?: ProviderModelConfig[] }).models;
  return models === undefined ? 'From the provider' : models.map((model) => model.modelName).join(', ');
}

/** The page of `/platform/ai-providers`. */
export function Page() {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const providers = useAIProviders();
  const [editing, setEditing] = useState<AIProviderWithoutSensitiveData | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AIProviderWithoutSensitiveData | null>(null);
  const remove = useMutation({
    mutationFn: (provider: AIProviderWithoutSensitiveData) => client.aiProviders.delete(provider.id),
    onSuccess: async (_, provider) => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: AI_PROVIDERS_KEY });
      toast(`Deleted ${provider.name}`);
    },
    onError: toastError,
  });
  return (
    <section>
      <PageHeader
        title="AI providers"
        description="The model providers your agent steps run on. Keys are stored encrypted and never shown."
        actions={
          isForbidden(providers.error) ? undefined : (
            <button type="button" className="btn primary" onClick={() => setEditing('new')}>
              Add AI provider
            </button>
          )
        }
      />
      <AdminQueryState query={providers} label="Loading AI providers">
        {(list) =>
          list.length === 0 ? (
            <p className="empty">No AI provider yet: add one to use agent steps.</p>
          ) : (
            <DataTable
              columns={[
                { label: 'Name' },
                { label: 'Provider' },
                { label: 'Models', className: 'hide-narrow' },
                { label: 'Actions', className: 'actions', hideLabel: true },
              ]}
            >
              {list.map((provider) => (
                <tr key={provider.id}>
                  <td>{provider.name}</td>
                  <td>{providerLabel(provider.provider)}</td>
                  <td className="hide-narrow">{configuredModels(provider)}</td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Edit ${provider.name}`}
                      onClick={() => setEditing(provider)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Delete ${provider.name}`}
                      onClick={() => setDeleting(provider)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </AdminQueryState>
      {isForbidden(providers.error) ? null : <WebSearchSection />}
      {editing === null ? null : (
        <ProviderDialog {...(editing === 'new' ? {} : { editing })} onClose={() => setEditing(null)} />
      )}
      {deleting === null ? null : (
        <ConfirmDialog
          title="Delete the AI provider?"
          message={`Agent steps using ${deleting.name} will fail until they name another provider.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
