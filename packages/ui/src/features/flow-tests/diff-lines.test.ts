import { describe, expect, it } from 'vitest';
import { diffLines } from './diff-lines';

describe('diffLines', () => {
  it('marks the expected lines removed, the actual lines added, and the shared ones the same', () => {
    expect(diffLines(' {\n-  "total": 42\n+  "total": 63\n }\n')).toEqual([
      { kind: 'same', text: ' {' },
      { kind: 'removed', text: '-  "total": 42' },
      { kind: 'added', text: '+  "total": 63' },
      { kind: 'same', text: ' }' },
    ]);
  });

  it("keeps a unified diff's headers and hunk marks apart from the changed lines", () => {
    const patch = 'Index: value\n===\n--- expected\n+++ actual\n@@ -1,1 +1,1 @@\n-1\n+2';
    expect(diffLines(patch).map((line) => line.kind)).toEqual([
      'header',
      'header',
      'header',
      'header',
      'header',
      'removed',
      'added',
    ]);
  });
});
