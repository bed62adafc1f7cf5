import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A request sample as a page shows it: one language, its code and its output excerpt. */
export interface ExtractedSample {
  id: string;
  language: string;
  /** What the code block's copy button copies: what a reader pastes, and what the tests run. */
  code: string;
  /** The code block's lines as the page shows them. */
  shown: string;
  /** The output excerpt as the page shows it. */
  output: string;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the character references an HTML serializer writes (`&#x27;`, `&#39;`, `&amp;`). */
const decode = (text: string): string =>
  text.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi,
    (whole, hex?: string, dec?: string, name?: string) =>
      hex !== undefined
        ? String.fromCodePoint(parseInt(hex, 16))
        : dec !== undefined
          ? String.fromCodePoint(Number(dec))
          : (NAMED[name!.toLowerCase()] ?? whole),
  );

/** One Expressive Code block: its lines as shown, and the copy button's text (lines joined by U+007F). */
function readCodeBlock(html: string, what: string): { shown: string; copied: string } {
  const block = /<pre\b[\s\S]*?<\/pre>[\s\S]*?\bdata-code="([^"]*)"/.exec(html);
  if (block === null) throw new Error(`${what}: no Expressive Code block with a copy button`);
  const lines = [...block[0].matchAll(/<span class="ec-line\b[^>]*>([\s\S]*?)(?=<span class="ec-line\b|<\/code>)/g)];
  return {
    shown: lines.map((line) => decode(line[1]!.replace(/<[^>]*>/g, '')).replace(/\n$/, '')).join('\n'),
    copied: decode(block[1]!).replaceAll('\u007f', '\n'),
  };
}

/**
 * Every sample of a page's HTML: the panels marked `data-sample` and `data-sample-lang`, each
 * holding the code (under `data-sample-code`) and the output excerpt (under
 * `data-sample-output`) as Expressive Code blocks. A panel runs to the next panel's start.
 */
export function extractSamples(html: string): ExtractedSample[] {
  const starts = [...html.matchAll(/<(?:section|div)\s[^>]*\bdata-sample="([^"]*)"[^>]*>/g)];
  return starts.map((start, index) => {
    const id = start[1]!;
    const language = /\bdata-sample-lang="([^"]*)"/.exec(start[0])?.[1];
    const body = html.slice(start.index + start[0].length, starts[index + 1]?.index ?? html.length);
    const codeAt = body.search(/\bdata-sample-code\b/);
    const outputAt = body.search(/\bdata-sample-output\b/);
    if (language === undefined || codeAt < 0 || outputAt < codeAt) {
      throw new Error(`sample ${id}: no language, code or output in ${body.slice(0, 200)}`);
    }
    const code = readCodeBlock(body.slice(codeAt, outputAt), `sample ${id} (${language}) code`);
    const output = readCodeBlock(body.slice(outputAt), `sample ${id} (${language}) output`);
    return { id, language, code: code.copied, shown: code.shown, output: output.shown };
  });
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
  // Saved as the samples say (.mts); Node strips the types; the `catalog-api.d.ts` next to it is the generated one.
  typescript: { extension: 'mts', command: (file) => [process.execPath, [file]] },
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

/** A line's comment: `#` in shell and Python, `//` in JavaScript and TypeScript, after code or alone. */
const COMMENT: Record<string, RegExp> = {
  curl: /(?:^|\s)#\s?(.*)$/,
  python: /(?:^|\s)#\s?(.*)$/,
  javascript: /(?:^|\s)\/\/\s?(.*)$/,
  typescript: /(?:^|\s)\/\/\s?(.*)$/,
};

/** Where a line prints (or throws) a string of the sample's own: the text holding its literals. */
const PRINTS: Record<string, RegExp[]> = {
  curl: [/\becho\s+(.*)$/, /\s-w\s+('[^']*')/, /\bjq -r ('"[^']*"')/],
  python: [/\bprint\((.*)\)$/, /\braise \w+\((.*)\)$/],
  javascript: [/\bconsole\.log\((.*)\);?$/, /\bthrow new Error\((.*)\);?$/],
  typescript: [/\bconsole\.log\((.*)\);?$/, /\bthrow new Error\((.*)\);?$/],
};

/** String literals (quotes included, interpolations cut out: `${…}`, `{…}`, `\(…)`, `$var`, `%{…}`). */
const literalsIn = (text: string): string[] =>
  [...text.matchAll(/f?"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g)].map((match) =>
    match[0].replace(/\$\{[^}]*\}|\\\([^)]*(?:\([^)]*\)[^)]*)*\)|%?\{[^}]*\}|\$\w+/g, ' '),
  );

/**
 * The prose of a sample's code: each comment line (less a command quoted on a line of its
 * own, indented: `//   npx openapi-typescript …`) and each string literal the sample prints or
 * throws that holds words (letters and a space: a lone `"unit"` is a key, a URL an address).
 */
export function sampleProse(code: string, language: string): string[] {
  const prose: string[] = [];
  for (const line of code.split('\n')) {
    const comment = COMMENT[language]?.exec(line)?.[1];
    if (comment !== undefined && !/^\s/.test(comment) && comment.trim() !== '') prose.push(comment.trim());
    const code = comment === undefined ? line : line.slice(0, line.length - comment.length);
    for (const pattern of PRINTS[language] ?? []) {
      const printed = pattern.exec(code)?.[1];
      if (printed === undefined) continue;
      for (const literal of literalsIn(printed))
        if (/\p{L}{2}/u.test(literal) && / /.test(literal)) prose.push(literal);
    }
  }
  return prose;
}
