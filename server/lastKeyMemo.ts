/**
 * Remembers the value for the most recent key only: a page changes with the price phase and the
 * countdown's second, so one slot per page is all the reuse there is, and memory stays flat.
 * Concurrent requests for the same key share one pending render.
 */
export function lastKeyMemo<T>(): (key: string, make: () => T) => T {
  let lastKey: string | undefined;
  let lastValue: T;
  return (key, make) => {
    if (key !== lastKey) {
      lastValue = make();
      lastKey = key;
    }
    return lastValue;
  };
}
