// `npm run audit`: no high or critical advisory in the packages installed. First what production
// runs (`npm audit --omit=dev`: the `dependencies`, which the build inlines into `dist/`), then the
// whole tree, whose build and test tools make that bundle. Fails on such findings; when the
// registry's advisory endpoint cannot be reached (some mirrors refuse it), says so and passes,
// since no finding could be made either way.
import { spawnSync } from 'node:child_process';

interface Report {
  metadata?: { vulnerabilities?: Record<string, number> };
  message?: string;
  error?: { summary?: string };
}

/** Runs `npm audit` with `flags`; the counts per severity, or undefined when no audit was made. */
function audit(flags: string[]): Record<string, number> | undefined {
  const run = spawnSync('npm', ['audit', '--json', ...flags], { encoding: 'utf8', shell: false });
  let report: Report;
  try {
    report = JSON.parse(run.stdout || '{}') as Report;
  } catch {
    console.error('audit: npm audit printed no JSON report');
    process.exit(1);
  }
  const counts = report.metadata?.vulnerabilities;
  if (counts === undefined) {
    const status = /\b(\d{3})\b/.exec(report.message ?? report.error?.summary ?? '')?.[1] ?? 'no';
    console.log(
      `audit: UNAVAILABLE - the registry's advisory endpoint answered with ${status} status; no audit was made`,
    );
  }
  return counts;
}

let serious = 0;
for (const [label, flags] of [
  ['production dependencies', ['--omit=dev']],
  ['installed packages', []],
] as const) {
  const counts = audit([...flags]);
  if (counts === undefined) process.exit(0);
  console.log(`audit: ${label}: ${JSON.stringify(counts)}`);
  serious += (counts['high'] ?? 0) + (counts['critical'] ?? 0);
}
if (serious > 0) {
  console.error(`audit: high or critical advisories; run \`npm audit\` for details`);
  process.exit(1);
}
