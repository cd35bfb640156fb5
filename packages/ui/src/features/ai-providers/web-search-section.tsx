/**
 * The web-search setting of the AI providers page: one switch that lets every agent step of the
 * platform search the web through providers that offer it. It changes at once and goes back,
 * with the server's message, when refused.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { QueryState } from '../../components/query-state';
import { Switch } from '../../components/switch';
import { useToast } from '../../components/toast';
import { AI_WEB_SEARCH_KEY } from './use-ai-providers';
import './ai-providers.css';

/** The web-search section. */
export function WebSearchSection() {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const setting = useQuery({ queryKey: AI_WEB_SEARCH_KEY, queryFn: () => client.aiProviders.getWebSearch() });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => client.aiProviders.setWebSearch({ ...setting.data, enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData(AI_WEB_SEARCH_KEY, saved);
      toast(saved.enabled ? 'Agents may search the web' : 'Agents no longer search the web');
    },
    onError: toastError,
  });
  return (
    <section className="settings-section" aria-labelledby="web-search">
      <h2 id="web-search">Web search</h2>
      <QueryState query={setting} label="Loading the web-search setting">
        {(data) => {
          const on = toggle.isPending ? (toggle.variables ?? data.enabled) : data.enabled;
          return (
            <div className="web-search-setting">
              <Switch
                on={on}
                label="Let agents search the web"
                describedBy="web-search-hint"
                disabled={toggle.isPending}
                onToggle={(next) => toggle.mutate(next)}
              />
              <span id="web-search-hint">
                {on ? 'On' : 'Off'}: agent steps {on ? 'may' : 'do not'} search the web with providers that
                offer it (OpenAI-compatible and Anthropic).
              </span>
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
