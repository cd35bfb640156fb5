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
    ['multipart/form-data', 'TEXT'],
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
});
