import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';

const ROOT = new URL('../../', import.meta.url).pathname;

/** A child process of the benchmark, with what it wrote to stderr. */
export interface BenchProcess {
  child: ChildProcess;
  pid: number;
  stderr: string[];
}

/**
 * Starts `node <args>` from the project root (or `cwd`, another build's root) with only PATH
 * and `env`. Stdout (the request log) goes to /dev/null, so writing it costs what it costs in
 * production and nothing more.
 */
export function spawnNode(args: string[], env: Record<string, string>, cwd = ROOT): BenchProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  return { child, pid: child.pid!, stderr };
}

/** Status of one GET, or 0 when nothing answers yet. */
const statusOf = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve) => {
    get(url, { headers, agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    }).once('error', () => resolve(0));
  });

/** Polls `url` every 5 ms until it answers 200 (or any status `wanted` accepts); throws when the process exits or 20 s pass. */
export async function waitFor200(
  server: BenchProcess,
  url: string,
  headers: Record<string, string> = {},
  wanted: (status: number) => boolean = (status) => status === 200,
): Promise<void> {
  const deadline = performance.now() + 20_000;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`${url}: server exited:\n${server.stderr.join('')}`);
    if (wanted(await statusOf(url, headers))) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer within 20 s:\n${server.stderr.join('')}`);
}

/** Sends SIGTERM and waits for the exit. */
export async function stop(server: BenchProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** A field of /proc/<pid>/status in MB (Linux), e.g. VmRSS now or VmHWM, its peak. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Math.round(Number(kb) / 1024);
}

/** CPU time (user + system) a process has used, in milliseconds, from /proc (Linux, 100 ticks/s). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
