/**
 * Deploy keys the server makes for git sync: an ECDSA P-256 pair from `node:crypto`. ECDSA, not
 * Ed25519: OpenSSH loads a PKCS#8 PEM ECDSA key through OpenSSL, while it reads Ed25519 private
 * keys only in its own format, which `node:crypto` does not write.
 */
import { generateKeyPairSync } from 'node:crypto';

/** A key pair: the private half as PKCS#8 PEM, the public half in OpenSSH's one-line form. */
export interface DeployKey {
  readonly privateKey: string;
  readonly publicKey: string;
}

const KEY_TYPE = 'ecdsa-sha2-nistp256';

/**
 * Makes a new deploy key; `comment` ends the public key's line (where the key came from, for the
 * people reading a repository's deploy keys).
 */
export function generateDeployKey(comment: string): DeployKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  if (x === undefined || y === undefined) throw new Error('An EC public key without coordinates');
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);
  const blob = Buffer.concat([sshString(KEY_TYPE), sshString('nistp256'), sshString(point)]);
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: `${KEY_TYPE} ${blob.toString('base64')} ${comment}`,
  };
}

/** An SSH wire-format string: its length as a 32-bit big-endian number, then its bytes. */
function sshString(value: string | Buffer): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}
