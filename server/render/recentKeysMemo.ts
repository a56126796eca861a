/**
 * Remembers the promised values of the most recent keys, `slots` of them: a page changes with the price phase
 * and the countdown's second, so the current second and the next (rendered ahead, server/render/renderAhead.ts)
 * are all the reuse there is, and memory stays flat. Concurrent requests for the same key share one pending
 * render. A render that fails is forgotten: the prompt page and the closed landing page keep one key for a
 * whole year, and a remembered failure would answer 500 until a restart.
 */
export function recentKeysMemo<T>(slots: number): (key: string, make: () => Promise<T>) => { value: Promise<T>; made: boolean } {
  const values = new Map<string, Promise<T>>();
  return (key, make) => {
    const known = values.get(key);
    if (known) return { value: known, made: false };
    const value = make();
    values.set(key, value);
    // Whoever asked still gets the failure; only the memo lets go of it (unless a newer render took the key).
    value.catch(() => {
      if (values.get(key) === value) values.delete(key);
    });
    // A Map keeps insertion order: the first key is the oldest.
    if (values.size > slots) values.delete(values.keys().next().value as string);
    return { value, made: true };
  };
}
