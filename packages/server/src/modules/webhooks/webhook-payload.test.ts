import { describe, expect, it } from 'vitest';
import { bodyKindOf, mediaTypeOf, toTriggerPayload, type IncomingRequest } from './webhook-payload';

/** A request with `body` sent as `contentType`. */
function requestWith(contentType: string | undefined, body: string | Buffer): IncomingRequest {
  return {
    method: 'POST',
    headers: {
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
      'x-signature': 'abc',
      'set-cookie': ['a=1', 'b=2'],
    },
    query: { q: '1', list: ['a', 'b'] },
    body: typeof body === 'string' ? Buffer.from(body) : body,
  };
}

const noFiles = () => Promise.reject(new Error('no binary expected'));

describe('bodyKindOf', () => {
  it.each([
    ['application/json', 'JSON'],
    ['application/vnd.api+json', 'JSON'],
    ['application/x-www-form-urlencoded', 'FORM'],
    ['image/png', 'BINARY'],
    ['audio/mpeg', 'BINARY'],
    ['video/mp4', 'BINARY'],
    ['application/pdf', 'BINARY'],
    ['application/zip', 'BINARY'],
    ['application/gzip', 'BINARY'],
    ['application/octet-stream', 'BINARY'],
    ['text/plain', 'TEXT'],
    ['application/xml', 'TEXT'],
    ['multipart/form-data', 'MULTIPART'],
    ['', 'TEXT'],
  ])('%s is read as %s', (mediaType, kind) => {
    expect(bodyKindOf(mediaType)).toBe(kind);
  });

  it('takes the media type without its parameters, in lower case', () => {
    expect(mediaTypeOf('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaTypeOf(undefined)).toBe('');
  });
});

describe('toTriggerPayload', () => {
  it.each([
    ['a JSON body, parsed', 'application/json', '{"a":[1,2]}', { a: [1, 2] }],
    ['invalid JSON, kept as text', 'application/json', '{"a":', '{"a":'],
    ['text, as is', 'text/plain; charset=utf-8', 'héllo', 'héllo'],
    [
      'a form, parsed',
      'application/x-www-form-urlencoded',
      'a=1&b[c]=2&d=x&d=y',
      { a: '1', b: { c: '2' }, d: ['x', 'y'] },
    ],
    ['XML, as text', 'application/xml', '<a>1</a>', '<a>1</a>'],
    ['no content type, as text', undefined, 'plain', 'plain'],
  ])('takes %s', async (_, contentType, text, body) => {
    const payload = await toTriggerPayload(requestWith(contentType, text), noFiles);
    expect(payload).toEqual({
      method: 'POST',
      headers: {
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
        'x-signature': 'abc',
        'set-cookie': 'a=1, b=2',
      },
      body,
      queryParams: { q: '1', list: ['a', 'b'] },
      rawBody: text,
    });
  });

  it('takes no body as {} with an empty rawBody', async () => {
    const payload = await toTriggerPayload(requestWith('application/json', ''), noFiles);
    expect(payload).toMatchObject({ body: {}, rawBody: '' });
  });

  it('stores a binary body and carries the file instead, without rawBody', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const stored: [Buffer, string][] = [];
    const payload = await toTriggerPayload(requestWith('image/png', bytes), async (data, mimeType) => {
      stored.push([data, mimeType]);
      return 'file_1';
    });
    expect(stored).toEqual([[bytes, 'image/png']]);
    expect(payload.body).toEqual({ fileId: 'file_1', mimeType: 'image/png', size: 6 });
    expect(payload).not.toHaveProperty('rawBody');
  });

  describe('a multipart/form-data body', () => {
    const boundary = '----piecework-test-7MA4YWxk';
    /** A multipart body of `parts` (a part with a filename is a file). */
    function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
      const chunks: Buffer[] = [];
      for (const part of parts) {
        const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
        const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type === undefined ? '' : `Content-Type: ${part.type}\r\n`}\r\n`;
        chunks.push(Buffer.from(head), Buffer.from(part.value), Buffer.from('\r\n'));
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      return Buffer.concat(chunks);
    }
    const contentType = `multipart/form-data; boundary=${boundary}`;

    it('reads its fields (a repeated name as an array) and keeps rawBody when no part is a file', async () => {
      const body = multipart([
        { name: 'name', value: 'Ada' },
        { name: 'tag', value: 'a' },
        { name: 'tag', value: 'b' },
        { name: 'tag', value: 'c' },
        { name: 'note', value: 'héllo\r\nworld' },
      ]);
      const payload = await toTriggerPayload(requestWith(contentType, body), noFiles);
      expect(payload.body).toEqual({ name: 'Ada', tag: ['a', 'b', 'c'], note: 'héllo\r\nworld' });
      expect(payload.rawBody).toBe(body.toString('utf8'));
    });

    it('stores each file part, in order, and carries {fileId, filename, mimeType, size} without rawBody', async () => {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x00, 0xff]);
      const stored: [Buffer, string][] = [];
      const payload = await toTriggerPayload(
        requestWith(
          contentType,
          multipart([
            { name: 'title', value: 'Report' },
            { name: 'image', value: png, filename: 'dot.png', type: 'image/png' },
            { name: 'notes', value: 'plain text file', filename: 'notes.txt', type: 'text/plain' },
          ]),
        ),
        async (bytes, mimeType) => {
          stored.push([bytes, mimeType]);
          return `file_${String(stored.length)}`;
        },
      );
      expect(stored).toEqual([
        [png, 'image/png'],
        [Buffer.from('plain text file'), 'text/plain'],
      ]);
      expect(payload.body).toEqual({
        title: 'Report',
        image: { fileId: 'file_1', filename: 'dot.png', mimeType: 'image/png', size: 8 },
        notes: { fileId: 'file_2', filename: 'notes.txt', mimeType: 'text/plain', size: 15 },
      });
      expect(payload).not.toHaveProperty('rawBody');
    });

    it('refuses a field named __proto__ (the JSON body policy), storing none of its files', async () => {
      const stored: string[] = [];
      const storeFile = (bytes: Buffer) => {
        stored.push(bytes.toString('utf8'));
        return Promise.resolve('file-id');
      };
      const body = multipart([
        { name: 'file', value: 'abc', filename: 'a.txt' },
        { name: '__proto__', value: 'x' },
      ]);
      await expect(toTriggerPayload(requestWith(contentType, body), storeFile)).rejects.toMatchObject({
        code: 'VALIDATION',
        status: 400,
        params: { reason: 'PROTOTYPE_KEY' },
      });
      expect(stored).toEqual([]);
    });

    it('keeps a body that is not well-formed multipart as its text, storing nothing', async () => {
      const cut = multipart([{ name: 'file', value: 'abc', filename: 'a.txt' }]).subarray(0, 60);
      for (const [type, text] of [
        [contentType, cut.toString('utf8')],
        ['multipart/form-data', 'no boundary given'],
      ] as const) {
        const payload = await toTriggerPayload(requestWith(type, text), noFiles);
        expect(payload).toMatchObject({ body: text, rawBody: text });
      }
    });
  });
});
