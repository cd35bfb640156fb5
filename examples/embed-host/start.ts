/**
 * `npm run example:embed` (from the repository root, after `npm run build`): starts Piecework on
 * `http://127.0.0.1:3000` (SQLite under `./.piecework-embed-example`, or uses PIECEWORK_URL and
 * PIECEWORK_ADMIN_EMAIL/PIECEWORK_ADMIN_PASSWORD when given), provisions a signing key and the
 * allowed origin, and serves the host app on `http://localhost:4000`. Ctrl-C stops both.
 */
import { createServer } from '@piecework/server';
import { startEmbedHost } from './host-server';
import { provisionEmbedding } from './provision-embedding';

const hostPort = Number(process.env['HOST_PORT'] ?? 4000);
const hostOrigin = `http://localhost:${String(hostPort)}`;
const admin = {
  email: process.env['PIECEWORK_ADMIN_EMAIL'] ?? 'admin@acme.example.com',
  password: process.env['PIECEWORK_ADMIN_PASSWORD'] ?? 'change me, please',
};

let stopPiecework = async (): Promise<void> => {};
let pieceworkUrl = process.env['PIECEWORK_URL'];
if (pieceworkUrl === undefined) {
  const piecework = await createServer({
    env: { ...process.env, AP_CONFIG_PATH: process.env['AP_CONFIG_PATH'] ?? '.piecework-embed-example' },
  });
  pieceworkUrl = await piecework.listen({ port: 3000, host: '127.0.0.1' });
  stopPiecework = () => piecework.close();
}
const signingKey = await provisionEmbedding({ pieceworkUrl, admin, hostOrigin });
const host = await startEmbedHost({ pieceworkUrl, signingKey, port: hostPort });
process.stdout.write(
  `Piecework: ${pieceworkUrl} (admin ${admin.email})\nHost app:  ${host.url}  <- open this one\n`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void host
      .close()
      .then(stopPiecework)
      .then(() => process.exit(0));
  });
}
