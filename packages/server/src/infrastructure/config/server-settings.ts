/**
 * The server's settings: the typed `AP_*` configuration read once at start, plus what is derived
 * from it (absolute data directory, database file, public URL) and the two secrets, taken from the
 * configuration or generated once into the data directory.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseConfig, type PieceworkConfig } from '@piecework/shared';
import { readOtelLogSettings, type OtelLogSettings } from './otel-log-settings';

/** Everything the server reads from its environment, resolved. Build it with {@link loadServerSettings}. */
export interface ServerSettings {
  readonly config: PieceworkConfig;
  /** Absolute path of AP_CONFIG_PATH, created if missing. */
  readonly dataDir: string;
  /** The SQLite file inside {@link dataDir}. */
  readonly databaseFile: string;
  /** Where `piecework pieces add` installs npm pieces: `pieces` inside {@link dataDir}. */
  readonly piecesDir: string;
  /** Base URL the service is reached at, ending with `/` (AP_FRONTEND_URL, else `http://localhost:<port>/`). */
  readonly publicUrl: string;
  /** HMAC key of session tokens (AP_JWT_SECRET, else generated once into the data directory). */
  readonly jwtSecret: Uint8Array;
  /** 32-byte AES-256-GCM key of connection values (derived from AP_ENCRYPTION_KEY or a generated one). */
  readonly encryptionKey: Buffer;
  /** Where logs are exported over OpenTelemetry (AP_OTEL_ENABLED and the `OTEL_*` variables); undefined when off. */
  readonly otelLogs: OtelLogSettings | undefined;
}

/**
 * Reads the configuration from `env` once and resolves it. An invalid value throws a
 * `PieceworkError` naming the variable; start-up should print it and stop.
 */
export function loadServerSettings(env: Record<string, string | undefined> = process.env): ServerSettings {
  const config = parseConfig(env);
  const otelLogs = readOtelLogSettings(env, config.otelEnabled);
  const dataDir = resolve(config.configPath);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = withTrailingSlash(config.frontendUrl ?? `http://localhost:${String(config.port)}`);
  const jwtSecret = new TextEncoder().encode(
    config.jwtSecret ??
      readOrCreateSecret(join(dataDir, 'jwt-secret'), () => randomBytes(32).toString('hex')),
  );
  const encryptionKeyHex =
    config.encryptionKey ??
    readOrCreateSecret(join(dataDir, 'encryption-key'), () => randomBytes(16).toString('hex'));
  return {
    config,
    dataDir,
    databaseFile: join(dataDir, 'piecework.db'),
    piecesDir: join(dataDir, 'pieces'),
    publicUrl,
    jwtSecret,
    encryptionKey: deriveAesKey(encryptionKeyHex),
    otelLogs,
  };
}

/** `url` ending with `/`, so relative paths resolve below it. */
export function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** Reads a secret file, or writes a new secret there (owner-only permissions) and returns it. */
function readOrCreateSecret(file: string, create: () => string): string {
  if (existsSync(file)) {
    return readFileSync(file, 'utf8').trim();
  }
  const secret = create();
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

/** AP_ENCRYPTION_KEY is 16 bytes (32 hex characters); AES-256 needs 32: expand it with HMAC-SHA256. */
function deriveAesKey(hex: string): Buffer {
  return createHmac('sha256', Buffer.from(hex, 'hex')).update('piecework connection values v1').digest();
}
