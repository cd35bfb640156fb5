/**
 * The allowed embed origins of `/platform/embedding`: the origins whose pages may frame the web
 * app (besides those the server's AP_ALLOWED_EMBED_ORIGINS allows), with a form to add one
 * (`https://app.example.com`, or `https://*.example.com` for every subdomain) and a remove button
 * on each. The server checks the syntax; its message is shown under the field.
 */
import { EmbedOrigin } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../api/session-context';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { AdminQueryState } from './admin-query-state';

const ORIGINS_KEY = ['allowed-embed-origins'] as const;

/** The allowed embed origins section. */
export function AllowedOriginsSection() {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast, toastError } = useToast();
  const origins = useQuery({ queryKey: ORIGINS_KEY, queryFn: () => client.embedding.listAllowedOrigins() });
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: (origin: string) => client.embedding.addAllowedOrigins({ allowedEmbedOrigins: [origin] }),
    onSuccess: (answer, origin) => {
      queryClient.setQueryData(ORIGINS_KEY, answer);
      setDraft('');
      toast(`${origin} may embed the app`);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (origin: string) => client.embedding.removeAllowedOrigins({ allowedEmbedOrigins: [origin] }),
    onSuccess: (answer, origin) => {
      queryClient.setQueryData(ORIGINS_KEY, answer);
      toast(`${origin} may no longer embed the app`);
    },
    onError: toastError,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const origin = draft.trim().replace(/\/+$/, '');
    const checked = EmbedOrigin.safeParse(origin);
    setProblem(checked.success ? undefined : 'Enter an origin like https://app.example.com, without a path');
    if (checked.success) add.mutate(origin);
  };
  return (
    <section className="settings-section" aria-labelledby="allowed-origins">
      <h2 id="allowed-origins">Allowed embed origins</h2>
      <p className="muted">
        Only pages of these origins may show the app in a frame. <code>https://*.example.com</code> allows
        every subdomain of example.com, not example.com itself.
      </p>
      <AdminQueryState query={origins} label="Loading allowed origins">
        {(answer) =>
          answer.allowedEmbedOrigins.length === 0 ? (
            <p className="empty">No origin yet: no other site can embed the app.</p>
          ) : (
            <ul className="origin-list" aria-label="Allowed embed origins">
              {answer.allowedEmbedOrigins.map((origin) => (
                <li key={origin}>
                  <span className="mono">{origin}</span>
                  <button
                    type="button"
                    className="btn small"
                    aria-label={`Remove ${origin}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(origin)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </AdminQueryState>
      <form className="inline-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Origin"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={problem}
          placeholder="https://app.example.com"
        />
        <button type="submit" className="btn" disabled={add.isPending}>
          Add origin
        </button>
      </form>
    </section>
  );
}
