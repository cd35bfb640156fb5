/**
 * The URL of one call: the API root, the endpoint's path with its `:name` parameters filled in
 * (percent-encoded), and the query string in the form the server's `qs` parser reads.
 */

/**
 * `apiUrl` + `path` with each `:name` replaced by `params[name]`, plus the query string.
 * Throws a `TypeError` when a path parameter is missing or empty (it would address another route).
 */
export function requestUrl(apiUrl: string, path: string, params: unknown, query: unknown): string {
  return `${apiUrl}${fillPath(path, params)}${queryString(query)}`;
}

function fillPath(path: string, params: unknown): string {
  const values = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" of ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * `?a=1&b=x` from a query object: `undefined` and `null` values are left out, arrays repeat their
 * key (`status=A&status=B`), nested objects use brackets (`filter[name]=x`), objects in arrays
 * their index too (`filters[0][fieldId]=f`, so that the server's `qs` reads an array of objects
 * back), dates are ISO strings.
 * Empty when nothing is left.
 */
export function queryString(query: unknown): string {
  const search = new URLSearchParams();
  if (typeof query === 'object' && query !== null) {
    for (const [key, value] of Object.entries(query)) {
      appendValue(search, key, value);
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function appendValue(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) {
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const isObject = typeof item === 'object' && item !== null && !(item instanceof Date);
      appendValue(search, isObject ? `${key}[${String(index)}]` : key, item);
    });
  } else if (value instanceof Date) {
    search.append(key, value.toISOString());
  } else if (typeof value === 'object') {
    for (const [name, nested] of Object.entries(value)) {
      appendValue(search, `${key}[${name}]`, nested);
    }
  } else {
    search.append(key, String(value));
  }
}
