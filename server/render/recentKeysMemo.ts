/**
 * Remembers the values of the most recent keys, `slots` of them: a page changes with the price phase and the
 * countdown's second, so the current second and the next (rendered ahead, server/render/renderAhead.ts) are all the
 * reuse there is, and memory stays flat. Concurrent requests for the same key share one pending render.
 */
export function recentKeysMemo<T>(slots: number): (key: string, make: () => T) => { value: T; made: boolean } {
  const values = new Map<string, T>();
  return (key, make) => {
    if (values.has(key)) return { value: values.get(key) as T, made: false };
    const value = make();
    values.set(key, value);
    // A Map keeps insertion order: the first key is the oldest.
    if (values.size > slots) values.delete(values.keys().next().value as string);
    return { value, made: true };
  };
}
