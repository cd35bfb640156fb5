/**
 * The lowest unused `step_N` (N from 1) given the names already taken in the whole version.
 * Use it to name a new step; call it again after adding the name to name the next one.
 */
export function nextStepName(usedNames: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const name = `step_${n}`;
    if (!usedNames.has(name)) return name;
  }
}

/**
 * Hands out lowest-unused names one after another (each name handed out counts as used).
 * Use it when several steps are named at once, e.g. the nested steps of a duplicate.
 */
export function stepNameAllocator(usedNames: Iterable<string>): () => string {
  const used = new Set(usedNames);
  let n = 1;
  return () => {
    while (used.has(`step_${n}`)) n++;
    const name = `step_${n}`;
    used.add(name);
    return name;
  };
}
