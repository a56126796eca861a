// Types for servers.mjs, so the TypeScript reports can start the built server as the other scripts do.
import type { ChildProcess } from 'node:child_process';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StartedProcess {
  pid: number;
  child: ChildProcess;
  exited: Promise<Exit>;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

export declare function freePort(): Promise<number>;
export declare function imageCommand(): string[];
export declare function startProcess(
  args: string[],
  options?: { env?: Record<string, string>; ready?: string; onLine?: (line: string) => void },
): Promise<StartedProcess>;
export declare function cpuMs(pid: number): number;
export declare function rssMb(pid: number): number;
export declare function productionSettings(port: number): Record<string, string>;
export declare function startBuiltServer(
  env?: Record<string, string>,
  options?: { onLine?: (line: string) => void },
): Promise<StartedProcess & { url: string; port: number }>;
