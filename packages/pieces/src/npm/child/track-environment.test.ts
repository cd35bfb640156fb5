import { afterEach, describe, expect, it } from 'vitest';
import { trackEnvironment } from './track-environment';

const original = process.env;
afterEach(() => {
  process.env = original;
  delete original['PW_TRACK_ADDED'];
  delete original['PW_TRACK_KEPT'];
});

describe('trackEnvironment', () => {
  it('puts back what a call set, changed or deleted, through the real environment', () => {
    original['PW_TRACK_KEPT'] = 'kept';
    const environment = trackEnvironment();
    process.env['PW_TRACK_ADDED'] = 'added';
    process.env['PW_TRACK_KEPT'] = 'changed';
    expect(original['PW_TRACK_ADDED']).toBe('added');
    environment.restore();
    expect(process.env['PW_TRACK_ADDED']).toBeUndefined();
    expect(process.env['PW_TRACK_KEPT']).toBe('kept');
    delete process.env['PW_TRACK_KEPT'];
    environment.restore();
    expect(original['PW_TRACK_KEPT']).toBe('kept');
  });

  it('takes back an environment a piece replaced, and what it set before replacing it', () => {
    const environment = trackEnvironment();
    const tracked = process.env;
    process.env['PW_TRACK_ADDED'] = 'added';
    process.env = { PATH: '/nowhere' };
    environment.restore();
    expect(process.env).toBe(tracked);
    expect(process.env['PW_TRACK_ADDED']).toBeUndefined();
    expect(process.env['PATH']).toBe(original['PATH']);
  });
});
