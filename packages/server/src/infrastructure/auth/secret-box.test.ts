import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const box = new SecretBox(randomBytes(32));
const sealed = box.seal({ access_token: 'abc', nested: { n: 1 } });
const [version, iv, tag, data] = sealed.split(':') as [string, string, string, string];
const tagBytes = Buffer.from(tag, 'base64url');

function withTag(bytes: Buffer): string {
  return [version, iv, bytes.toString('base64url'), data].join(':');
}

function flipBit(text: string, at: number): string {
  const bytes = Buffer.from(text, 'base64url');
  bytes[at] = (bytes[at] ?? 0) ^ 1;
  return bytes.toString('base64url');
}

describe('SecretBox', () => {
  it('opens what it sealed', () => {
    expect(box.open(sealed)).toEqual({ access_token: 'abc', nested: { n: 1 } });
    expect(tagBytes).toHaveLength(16);
  });

  it.each([4, 8, 12, 15])('refuses the tag cut to its first %i bytes', (length) => {
    expect(() => box.open(withTag(tagBytes.subarray(0, length)))).toThrow('Not a sealed value');
  });

  it('refuses a tag longer than 16 bytes', () => {
    expect(() => box.open(withTag(Buffer.concat([tagBytes, Buffer.from([0])])))).toThrow();
  });

  it.each([0, 7, 15])('refuses a tag with bit 0 of byte %i flipped', (at) => {
    expect(() => box.open(withTag(Buffer.from(flipBit(tag, at), 'base64url')))).toThrow();
  });

  it('refuses altered ciphertext, an altered IV, and another key', () => {
    expect(() => box.open([version, iv, tag, flipBit(data, 0)].join(':'))).toThrow();
    expect(() => box.open([version, flipBit(iv, 0), tag, data].join(':'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it.each(['', 'v1', 'v2:a:b:c', `v1:${iv}:${tag}`])('refuses %j as not sealed', (text) => {
    expect(() => box.open(text)).toThrow('Not a sealed value');
  });
});
