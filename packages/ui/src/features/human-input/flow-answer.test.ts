import { describe, expect, it } from 'vitest';
import { chatAnswerOf, fileLink, formAnswerOf } from './flow-answer';

describe('formAnswerOf', () => {
  it.each([
    [
      'markdown',
      200,
      { type: 'markdown', value: '**hi**' },
      { kind: 'markdown', markdown: '**hi**', files: [] },
    ],
    [
      'a file',
      200,
      { type: 'file', value: { base64Url: 'data:text/plain;base64,aGk=', fileName: 'a', extension: 'txt' } },
      { kind: 'file', file: { base64Url: 'data:text/plain;base64,aGk=', fileName: 'a', extension: 'txt' } },
    ],
    ['no answer', 200, null, { kind: 'received' }],
    ['another body', 200, { ok: true }, { kind: 'received' }],
    [
      'an error status',
      500,
      { code: 'FLOW_RUN_FAILED', params: { message: 'boom' } },
      { kind: 'failed', failure: { code: 'FLOW_RUN_FAILED', params: { message: 'boom' }, status: 500 } },
    ],
  ])('reads %s', (_, status, body, expected) => {
    expect(formAnswerOf(status, body)).toEqual(expected);
  });
});

describe('chatAnswerOf', () => {
  it.each([
    [
      'the last bot message of a chat',
      {
        id: 'c',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'bot', content: 'hello' },
        ],
      },
      'hello',
    ],
    ['a markdown answer', { type: 'markdown', value: 'yes' }, 'yes'],
    ['text', 'plain', 'plain'],
    ['nothing', null, null],
    ['a chat without a bot message', { id: 'c', messages: [{ role: 'user', content: 'hi' }] }, null],
  ])('reads %s', (_, body, expected) => {
    expect(chatAnswerOf(body)).toBe(expected);
  });
});

describe('fileLink', () => {
  it('names an inline file with its extension once, a stored one by its name', () => {
    expect(fileLink({ base64Url: 'data:,x', fileName: 'report', extension: 'pdf' })).toEqual({
      href: 'data:,x',
      name: 'report.pdf',
    });
    expect(fileLink({ base64Url: 'data:,x', fileName: 'report.pdf', extension: 'pdf' }).name).toBe(
      'report.pdf',
    );
    expect(fileLink({ mimeType: 'text/plain', url: 'https://x/f', fileName: null })).toEqual({
      href: 'https://x/f',
      name: 'file',
    });
  });
});
