/**
 * Throwaway-email detection for sign-up, from the `disposable-email-domains` lists (about 120,000
 * domains, plus wildcard domains whose every subdomain counts). Loaded on first use (~40 ms),
 * then one Set lookup per check.
 */
interface DomainLists {
  exact: ReadonlySet<string>;
  wildcard: readonly string[];
}

let lists: Promise<DomainLists> | undefined;

function loadLists(): Promise<DomainLists> {
  lists ??= Promise.all([
    import('disposable-email-domains/index.json', { with: { type: 'json' } }),
    import('disposable-email-domains/wildcard.json', { with: { type: 'json' } }),
  ]).then(([exact, wildcard]) => ({ exact: new Set(exact.default), wildcard: wildcard.default }));
  return lists;
}

/** True when the address belongs to a throwaway email provider (or a subdomain of a wildcard one). */
export async function isDisposableEmail(email: string): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const { exact, wildcard } = await loadLists();
  if (exact.has(domain)) {
    return true;
  }
  return wildcard.some((parent) => domain === parent || domain.endsWith(`.${parent}`));
}
