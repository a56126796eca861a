/** The time now in epoch milliseconds: Date.now in production, a fixed or scripted clock in tests. */
export type Clock = () => number;
