/**
 * The host app's one page: Acme's own header and navigation, a container the embedded Piecework
 * app fills, and the script that configures `@piecework/embed` with a token from the host's backend.
 * What the SDK reports (routes, the home button, errors) is kept in `window.host.events` and shown
 * on the page, so a person (or a browser test) can follow it.
 */

/** Options of {@link hostPageHtml}. */
export interface HostPageOptions {
  /** Piecework's base URL (another origin than the host's). */
  instanceUrl: string;
  /** Where the SDK's script-tag bundle is served (Piecework serves it at `/sdk/piecework-embed.js`). */
  sdkUrl: string;
}

/** The script of the page: `window.host.start(overrides)` configures the SDK. */
function hostScript(instanceUrl: string): string {
  return `
const host = { events: [], instanceUrl: ${JSON.stringify(instanceUrl)} };
window.host = host;
const show = (id, text) => { document.getElementById(id).textContent = text; };
function record(type, data) { host.events.push({ type, data }); }

async function fetchToken() {
  const answer = await fetch('/api/piecework-token');
  return (await answer.json()).token;
}

host.start = async function start(overrides = {}) {
  const jwtToken = overrides.jwtToken ?? (await fetchToken());
  const extra = overrides.embedding ?? {};
  const builder = { ...(extra.builder ?? {}) };
  if (overrides.reportHomeButton) {
    builder.homeButtonClickedHandler = ({ route }) => record('home', route);
  }
  const embedding = {
    containerId: 'piecework-container',
    ...extra,
    builder,
    navigation: {
      handler: ({ route }) => {
        record('route', route);
        show('route', route);
      },
    },
  };
  show('status', 'Loading automations…');
  const started = performance.now();
  try {
    await piecework.configure({ instanceUrl: host.instanceUrl, jwtToken, prefix: '/', embedding });
    host.configureMs = performance.now() - started;
    record('configured', null);
    show('status', 'Automations ready');
  } catch (failure) {
    record('error', failure);
    show('status', 'Automations unavailable: ' + (failure?.error?.message ?? String(failure)));
  }
};

host.connect = async function connect(request) {
  try {
    const result = await piecework.connect(request);
    record('connected', result);
    show('status', result.connection ? 'Connected ' + result.connection.name : 'No connection made');
    return result;
  } catch (failure) {
    record('connect-error', failure);
    show('status', 'Connection failed: ' + (failure?.error ?? String(failure)));
    return { failure };
  }
};

document.getElementById('go-flows').addEventListener('click', () => piecework.navigate({ route: '/flows' }));
document.getElementById('go-runs').addEventListener('click', () => piecework.navigate({ route: '/runs' }));
document.getElementById('connect').addEventListener('click', () =>
  host.connect({ pieceName: document.getElementById('piece').value }),
);
if (!new URLSearchParams(location.search).has('manual')) void host.start();
`;
}

/** The page's HTML. */
export function hostPageHtml(options: HostPageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme · Automations</title>
<style>
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; display: flex; flex-direction: column; height: 100vh; }
  header { display: flex; gap: 12px; align-items: center; padding: 8px 16px; background: #13294b; color: #fff; }
  header button, header input { font: inherit; }
  #route { margin-left: auto; font-family: monospace; }
  #piecework-container { flex: 1; min-height: 0; }
  #status { margin: 0; padding: 4px 16px; background: #eef; }
</style>
<script src="${options.sdkUrl}"></script>
</head>
<body>
<header>
  <strong>Acme</strong>
  <nav aria-label="Acme">
    <button id="go-flows" type="button">Flows</button>
    <button id="go-runs" type="button">Runs</button>
    <label>Piece <input id="piece" value="@activepieces/piece-slack" size="26"></label>
    <button id="connect" type="button">Connect</button>
  </nav>
  <output id="route" aria-label="Current route"></output>
</header>
<p id="status" role="status"></p>
<main id="piecework-container"></main>
<script type="module">${hostScript(options.instanceUrl)}</script>
</body>
</html>`;
}
