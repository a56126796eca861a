// What a running process uses, from /proc (Linux), for the reports that measure the server.
import { readFileSync } from 'node:fs';

/** CPU time the process has used so far (user + system), in ms. */
export function cpuMs(pid: number): number {
  // Fields 14 and 15 of /proc/PID/stat, after the command name in parentheses, in clock ticks (100 per second).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size of the process in MB, to a tenth; NaN when /proc does not say. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 102.4) / 10 : NaN;
}
