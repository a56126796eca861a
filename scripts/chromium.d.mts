// Types for chromium.mjs, so TypeScript tests can launch Chromium with the same path and flags.
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare function assertChromium(): void;
