/** The RSA key pairs of signing keys: made here, the private half handed out once and never kept. */
import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

/** The modulus length of a signing key (Activepieces's). */
export const SIGNING_KEY_BITS = 4096;

/** An RSA key pair as PEM text: `publicKey` SPKI, `privateKey` PKCS#8. */
export interface SigningKeyPair {
  readonly publicKey: string;
  readonly privateKey: string;
}

/**
 * A new RSA-4096 pair, generated off the event loop (it takes a second or so). Use it for
 * `POST /v1/signing-keys`: store the public key, answer the private key once.
 */
export async function generateSigningKeyPair(): Promise<SigningKeyPair> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: SIGNING_KEY_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey };
}
