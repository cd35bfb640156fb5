import { describe, expect, it } from 'vitest';
import { isPieceworkError, ScimPatchRequest } from '@piecework/shared';
import { applyGroupPatch } from './scim-group-patch';
import { editOfUserPatch } from './scim-user-patch';

const operations = (...ops: unknown[]) => ScimPatchRequest.parse({ Operations: ops }).Operations;

function scimTypeOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return isPieceworkError(error) ? error.params['scimType'] : error;
  }
  return undefined;
}

describe('user PATCH operations', () => {
  it('reads paths, URN paths, attribute objects and string booleans', () => {
    expect(
      editOfUserPatch(
        operations(
          { op: 'Replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:active', value: 'FALSE' },
          { op: 'add', value: { name: { givenName: 'Ada', familyName: 'Lovelace' }, UserName: 'a@b.co' } },
          { op: 'replace', path: 'emails[type eq "work"].value', value: 'ignored@b.co' },
          { op: 'remove', path: 'externalId' },
        ),
      ),
    ).toEqual({
      active: false,
      givenName: 'Ada',
      familyName: 'Lovelace',
      userName: 'a@b.co',
      externalId: null,
    });
  });

  it('refuses values of the wrong type with invalidValue', () => {
    expect(
      scimTypeOf(() => editOfUserPatch(operations({ op: 'replace', path: 'active', value: 'maybe' }))),
    ).toBe('invalidValue');
    expect(scimTypeOf(() => editOfUserPatch(operations({ op: 'replace', value: 'active' })))).toBe(
      'invalidValue',
    );
  });
});

describe('group PATCH operations', () => {
  const state = { displayName: 'Team', externalId: null, memberIds: ['a', 'b', 'c'] };

  it('adds, replaces and removes members by values and by filter', () => {
    expect(
      applyGroupPatch(
        state,
        operations({ op: 'add', path: 'members', value: [{ value: 'd' }, { value: 'a' }] }),
      ),
    ).toMatchObject({ memberIds: ['a', 'b', 'c', 'd'] });
    expect(applyGroupPatch(state, operations({ op: 'remove', path: 'members[value eq "b"]' }))).toMatchObject(
      {
        memberIds: ['a', 'c'],
      },
    );
    expect(
      applyGroupPatch(state, operations({ op: 'remove', path: 'members[value eq "a" or value eq "c"]' })),
    ).toMatchObject({ memberIds: ['b'] });
    expect(
      applyGroupPatch(state, operations({ op: 'Remove', path: 'members', value: [{ value: 'c' }] })),
    ).toMatchObject({ memberIds: ['a', 'b'] });
    expect(
      applyGroupPatch(state, operations({ op: 'replace', path: 'members', value: [{ value: 'z' }] })),
    ).toMatchObject({ memberIds: ['z'] });
    expect(applyGroupPatch(state, operations({ op: 'remove', path: 'members' }))).toMatchObject({
      memberIds: [],
    });
  });

  it('renames with a path or an attribute object', () => {
    expect(
      applyGroupPatch(
        state,
        operations(
          { op: 'replace', value: { id: 'x', displayName: 'Finance' } },
          { op: 'add', path: 'externalId', value: 'g1' },
        ),
      ),
    ).toMatchObject({ displayName: 'Finance', externalId: 'g1', memberIds: ['a', 'b', 'c'] });
  });

  it('refuses a bad member filter, a filter on add, and a remove without a path', () => {
    expect(
      scimTypeOf(() => applyGroupPatch(state, operations({ op: 'remove', path: 'members[value zz "a"]' }))),
    ).toBe('invalidFilter');
    expect(
      scimTypeOf(() =>
        applyGroupPatch(state, operations({ op: 'add', path: 'members[value eq "a"]', value: [] })),
      ),
    ).toBe('invalidPath');
    expect(scimTypeOf(() => applyGroupPatch(state, operations({ op: 'remove' })))).toBe('noTarget');
  });
});
