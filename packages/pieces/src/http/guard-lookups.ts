import type { LookupFunction } from 'node:net';
import type { AllowList } from './address-policy';
import { ssrfLookupFor } from './ssrf-lookup';

/** The lookups an installed SSRF guard puts into connection options. */
export interface GuardLookups {
  readonly allowList: AllowList;
  /** `dns.lookup` through the SSRF filter. */
  readonly lookup: LookupFunction;
  /**
   * The lookup to connect with when the caller gave `given`: the guard's own when none was
   * given; else `given` wrapped, so every address it answers is checked (a lookup of this
   * guard, its own or a wrapper, is returned as is).
   */
  lookupFor(given: unknown): LookupFunction;
}

/** The guard's lookups for an allow list (wrapped caller lookups are cached per function). */
export function createGuardLookups(allowList: AllowList): GuardLookups {
  const lookup = ssrfLookupFor(allowList);
  const wrapped = new WeakMap<LookupFunction, LookupFunction>();
  const ours = new WeakSet<object>([lookup]);
  return {
    allowList,
    lookup,
    lookupFor(given) {
      if (typeof given !== 'function') return lookup;
      if (ours.has(given)) return given as LookupFunction;
      const custom = given as LookupFunction;
      let wrapper = wrapped.get(custom);
      if (wrapper === undefined) {
        wrapper = ssrfLookupFor(allowList, custom);
        wrapped.set(custom, wrapper);
        ours.add(wrapper);
      }
      return wrapper;
    },
  };
}
