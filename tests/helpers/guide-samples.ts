import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A request sample as a page shows it: one language, its code and its output excerpt. */
export interface ExtractedSample {
  id: string;
  language: string;
  code: string;
  output: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };

/** The text of an HTML fragment: tags dropped, the entities Astro writes decoded. */
const textOf = (html: string): string =>
  html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);

/**
 * Every sample of a page's HTML: the wrappers marked `data-sample` and `data-sample-lang`,
 * each holding the code (`data-sample-code`) and the output excerpt (`data-sample-output`).
 */
export function extractSamples(html: string): ExtractedSample[] {
  const samples: ExtractedSample[] = [];
  for (const match of html.matchAll(/<(section|div)\s([^>]*\bdata-sample="[^"]*"[^>]*)>([\s\S]*?)<\/\1>/g)) {
    const attributes = match[2]!;
    const body = match[3]!;
    const id = /\bdata-sample="([^"]*)"/.exec(attributes)![1]!;
    const language = /\bdata-sample-lang="([^"]*)"/.exec(attributes)?.[1];
    const code = /<pre\b[^>]*\bdata-sample-code\b[^>]*>([\s\S]*?)<\/pre>/.exec(body)?.[1];
    const output = /<pre\b[^>]*\bdata-sample-output\b[^>]*>([\s\S]*?)<\/pre>/.exec(body)?.[1];
    if (language === undefined || code === undefined || output === undefined) {
      throw new Error(`sample ${id}: no language, code or output in ${body.slice(0, 200)}`);
    }
    samples.push({ id, language, code: textOf(code), output: textOf(output) });
  }
  return samples;
}

/**
 * Whether `stdout` prints what the excerpt shows: each line of the excerpt, in order, is a
 * whole line of the output, where `…` stands for any text and a line of only `…` for lines
 * left out. Returns the first excerpt line that is not printed, or undefined.
 */
export function missingExcerptLine(stdout: string, excerpt: string): string | undefined {
  const printed = stdout.split('\n').map((line) => line.replace(/\r$/, '').trimEnd());
  let at = 0;
  for (const line of excerpt.split('\n').map((each) => each.trimEnd())) {
    if (line === '…') continue;
    const pattern = new RegExp(`^${line.split('…').map(escapeRegExp).join('.*')}$`);
    while (at < printed.length && !pattern.test(printed[at]!)) at += 1;
    if (at === printed.length) return line;
    at += 1;
  }
  return undefined;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How each language is written to a file and run, as a reader would run it. */
const RUNNERS: Record<string, { extension: string; command: (file: string) => [string, string[]]; prefix?: string }> = {
  curl: { extension: 'sh', command: (file) => ['bash', [file]], prefix: 'set -euo pipefail\n' },
  javascript: { extension: 'mjs', command: (file) => [process.execPath, [file]] },
  python: { extension: 'py', command: (file) => ['python3', [file]] },
  // Node strips the types; the `catalog-api.d.ts` next to it is the generated one.
  typescript: { extension: 'ts', command: (file) => [process.execPath, [file]] },
};

/** What a sample's run gave. */
export interface SampleRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Writes `sample` into `dir` as `<name>.<ext>` and runs it, killed after `timeoutMs`. */
export async function runSample(sample: ExtractedSample, dir: string, name: string, timeoutMs: number) {
  const runner = RUNNERS[sample.language];
  if (runner === undefined) throw new Error(`no runner for ${sample.language}`);
  const file = join(dir, `${name}.${runner.extension}`);
  await writeFile(file, `${runner.prefix ?? ''}${sample.code}\n`);
  const [command, args] = runner.command(file);
  return new Promise<SampleRun>((resolve) => {
    const child = spawn(command, args, {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? dir },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `tasks` with at most `limit` at a time (two cores: never more than two children). */
export async function runBounded<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
