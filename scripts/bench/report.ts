import { TARGETS } from './classes.ts';
import type { WrkResult } from './wrk.ts';

/** Several wrk runs against one server as one figure: requests and time add up, latencies are the rounds' median. */
export interface Combined {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses with another status than expected, plus socket errors and timeouts. */
  lost: number;
  statuses: Record<string, number>;
  /** Server CPU per request, in microseconds. */
  cpuUs: number;
}

/**
 * Combines rounds. wrk reports percentiles per run, not histograms, so p50 and p99 are the
 * medians of the rounds' (one slow spell of the shared machine does not decide them).
 */
export function combine(runs: readonly WrkResult[], expected: number, cpuMs: number): Combined {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const run of runs) {
    for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  }
  const errors = runs.reduce((sum, run) => sum + run.socketErrors + run.timeouts, 0);
  return {
    rps: requests / seconds,
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    requests,
    lost: requests - (statuses[String(expected)] ?? 0) + errors,
    statuses,
    cpuUs: Math.round((cpuMs * 1000) / Math.max(1, requests)),
  };
}

/** Why a class misses the performance targets (`TARGETS`), or an empty list when it meets them. */
export function misses(site: Combined, plain: Combined): string[] {
  const ratio = site.rps / plain.rps;
  return [
    ...(ratio < TARGETS.ratio ? [`ratio ${ratio.toFixed(2)} < ${TARGETS.ratio}`] : []),
    ...(site.p99 > TARGETS.p99Ms ? [`p99 ${site.p99} ms > ${TARGETS.p99Ms} ms`] : []),
    ...(site.lost > 0 ? [`${site.lost} requests lost`] : []),
  ];
}

/** A verdict for the table: "met", or "NOT met (…)". */
export const verdict = (reasons: readonly string[]): string =>
  reasons.length === 0 ? 'met' : `NOT met (${reasons.join(', ')})`;

const HEAD = ['', 'req/s', 'p50', 'p99', 'cpu/req', 'lost', 'ratio'];
const WIDTHS = [6, 8, 9, 9, 9, 6, 6];
const cells = (values: string[]) =>
  values.map((value, i) => (i === 0 ? value.padEnd(WIDTHS[i]!) : value.padStart(WIDTHS[i]!))).join(' ');

/** Header of the class table. */
export const tableHead = (): string => `  ${cells(HEAD)}`;

/**
 * One line per server of a class: the site (or as labelled) with its ratio to the plain
 * server, the floor server's with its ratio when given, then the plain server.
 */
export function tableRows(site: Combined, plain: Combined, floor?: Combined, labels = ['site', 'plain']): string[] {
  const row = (side: string, r: Combined, ratio: string) =>
    `  ${cells([side, String(Math.round(r.rps)), `${r.p50} ms`, `${r.p99} ms`, `${r.cpuUs} µs`, String(r.lost), ratio])}  ${JSON.stringify(r.statuses)}`;
  const ratio = (r: Combined) => (r.rps / plain.rps).toFixed(2);
  return [
    row(labels[0]!, site, ratio(site)),
    ...(floor === undefined ? [] : [row('floor', floor, ratio(floor))]),
    row(labels[1]!, plain, ''),
  ];
}

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
