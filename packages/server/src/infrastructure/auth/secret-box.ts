/**
 * Encryption at rest for connection values: AES-256-GCM with a random 96-bit IV per value. The
 * stored text is `v1:<iv>:<tag>:<ciphertext>` (base64url), so a tampered value fails to open.
 * Opening requires the full 16-byte authentication tag: GCM in node:crypto would otherwise accept
 * a tag cut to as few as 4 bytes, which an attacker can forge far more cheaply.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals and opens JSON values with one 32-byte key. */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) {
      throw new Error('SecretBox needs a 32-byte key');
    }
  }

  /** The stored text of `value`. */
  seal(value: unknown): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      data.toString('base64url'),
    ].join(':');
  }

  /** The value sealed in `text`; throws when the text was altered or sealed with another key. */
  open<T>(text: string): T {
    const [version, iv, tag, data] = text.split(':');
    if (version !== 'v1' || iv === undefined || tag === undefined || data === undefined) {
      throw new Error('Not a sealed value');
    }
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
      throw new Error('Not a sealed value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tagBytes);
    const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  }
}
