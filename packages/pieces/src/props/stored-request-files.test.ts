/**
 * A FILE prop given a file a request brought (`{fileId, mimeType, size, filename?}` in the
 * trigger's output) reads it from the run's file store; a missing or foreign file fails the prop
 * saying which.
 */
import { createMemoryHost } from '@piecework/engine';
import { describe, expect, it } from 'vitest';
import { Property } from '../framework/properties';
import { downloadFileProps, type FileDownloadOptions } from './file-urls';
import type { PropertyMap } from './property-kinds';

const props: PropertyMap = { upload: Property.File({ displayName: 'Upload', required: true }) };

async function options(maxBytes = 1024) {
  const host = createMemoryHost();
  const stepFiles = { apiUrl: 'http://localhost:3000/api/', load: (id: string) => host.files.load(id) };
  const options: FileDownloadOptions = { allowList: [], maxBytes, timeoutMs: 1_000, stepFiles };
  const save = (bytes: Buffer) => host.files.save(JSON.stringify(bytes.toString('base64')), { name: 'body' });
  return { options, save };
}

describe('FILE props given a file a request brought', () => {
  it.each([
    ['its own name', { filename: 'photo.png' }, 'photo.png', 'png'],
    ['no name (a binary body): one from its type', {}, 'unknown.png', 'png'],
  ])('read it with %s', async (_, name, filename, extension) => {
    const { options: given, save } = await options();
    const data = Buffer.from('PNG bytes');
    const fileId = await save(data);
    const upload = { fileId, mimeType: 'image/png', size: data.length, ...name };
    expect(await downloadFileProps(props, { upload }, given)).toEqual({
      ok: true,
      input: { upload: { filename, extension, data } },
    });
  });

  it.each([
    ['is not in the store', async () => 'file-404', 'Reading the file file-404 a request brought failed'],
    [
      'is over the size limit',
      async (save: (b: Buffer) => Promise<string>) => save(Buffer.alloc(2048)),
      'larger than the 1024-byte limit',
    ],
  ])('fails the prop when the file %s', async (_, fileIdOf, message) => {
    const { options: given, save } = await options();
    const upload = { fileId: await fileIdOf(save), mimeType: 'image/png', size: 1 };
    const result = await downloadFileProps(props, { upload }, given);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
  });

  it('fails the prop where no file store can be read', async () => {
    const upload = { fileId: 'file-1', mimeType: 'image/png', size: 1 };
    const result = await downloadFileProps(props, { upload }, { allowList: [], maxBytes: 10, timeoutMs: 10 });
    expect(!result.ok && result.errors.upload).toEqual([
      'The file file-1 a request brought cannot be read here',
    ]);
  });
});
