import type { ActionContext, PieceStoreScope } from '../../context/action-context';
import { Property } from '../../framework/properties';
import { choice, requiredText } from '../common/read-props';

/** Where a value lives: the whole project (`COLLECTION`), one flow, or one run of it. */
export const STORE_SCOPES = ['COLLECTION', 'FLOW', 'RUN'] as const;

/** The run id Activepieces uses for `RUN` keys in single-step test mode. */
export const TEST_RUN_ID = 'test-run-id-CbVidYfEuCRpUanfEb3RU';

/** The `store_scope` input of every store action (default `COLLECTION`, i.e. the project). */
export const storeScopeProp = Property.StaticDropdown({
  displayName: 'Store Scope',
  description: 'The storage scope of the value.',
  required: true,
  defaultValue: 'COLLECTION',
  options: {
    options: [
      { label: 'Project', value: 'COLLECTION' },
      { label: 'Flow', value: 'FLOW' },
      { label: 'Run', value: 'RUN' },
    ],
  },
});

/** The `key` input of every store action. */
export const keyProp = Property.ShortText({ displayName: 'Key', required: true });

/**
 * The key and `ctx.store` scope of the action's `key` and `store_scope` inputs, as Activepieces
 * lays them out: `RUN` values are FLOW values under `run_<runId>/<key>`. Keys are 1 to 128
 * characters.
 */
export function storeLocation(ctx: ActionContext): { key: string; scope: PieceStoreScope } {
  const key = requiredText(ctx.propsValue, 'key');
  if (key.length === 0 || key.length > 128) throw new Error('Input "key" must be 1 to 128 characters');
  const scope = choice(ctx.propsValue, 'store_scope', STORE_SCOPES, 'COLLECTION');
  if (scope !== 'RUN') return { key, scope };
  return { key: `run_${ctx.run.isTest ? TEST_RUN_ID : ctx.run.id}/${key}`, scope: 'FLOW' };
}
