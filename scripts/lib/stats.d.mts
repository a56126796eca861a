// Types for stats.mjs, so its test can call it under strict TypeScript.
export declare function median(values: number[]): number;
export declare function ratioInterval(values: number[], reference: number[], options?: { iterations?: number; seed?: number }): { low: number; high: number };
