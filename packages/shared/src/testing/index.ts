/**
 * `@piecework/shared/testing`: test support for every package's tests and benchmarks, resolved by
 * vitest's alias and tsconfig's `paths` to this folder. Not built or published: the package ships
 * `src/index.ts` only.
 */
export * from './flow-builders';
export * from './random-flow-operations';
