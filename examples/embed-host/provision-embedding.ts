/**
 * What a platform admin does once before embedding, here through `@piecework/client`: sign in
 * (or sign up, the first person on a fresh server becoming its admin), create a signing key (its
 * private key is answered this once) and allow the host's origin to frame the web app.
 */
import { createPieceworkClient, isApiError } from '@piecework/client';
import type { EmbedSigningKey } from './sign-embed-token';

/** Options of {@link provisionEmbedding}. */
export interface ProvisionOptions {
  pieceworkUrl: string;
  /** The platform admin's credentials (signed up when the server has no such user). */
  admin: { email: string; password: string };
  /** The host app's origin, e.g. `http://localhost:4000`. */
  hostOrigin: string;
}

/** Signs the admin in (or up), creates a signing key and allows `hostOrigin`; answers the key. */
export async function provisionEmbedding(options: ProvisionOptions): Promise<EmbedSigningKey> {
  const anonymous = createPieceworkClient({ baseUrl: options.pieceworkUrl });
  const session = await anonymous.authentication.signIn(options.admin).catch(async (error: unknown) => {
    if (!isApiError(error)) throw error;
    return anonymous.authentication.signUp({ ...options.admin, firstName: 'Acme', lastName: 'Admin' });
  });
  const admin = anonymous.withToken(session.token);
  const key = await admin.signingKeys.create({ displayName: 'Acme host app' });
  await admin.embedding.addAllowedOrigins({ allowedEmbedOrigins: [options.hostOrigin] });
  return { id: key.id, privateKey: key.privateKey };
}
