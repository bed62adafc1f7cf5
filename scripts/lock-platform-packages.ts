// `npm run lock:platforms`: run after `npm install` on a registry mirror that lacks some
// platform builds. Such a mirror serves e.g. @astrojs/compiler-binding 0.5.1 only for
// linux-x64, so `npm install` silently leaves the other platforms' optional packages out of
// package-lock.json — and `npm ci` then refuses the lock as out of sync with package.json.
// This records each missing optional platform package where npm resolves it (nested under
// the package that wants it), with the os/cpu/libc of the same package hoisted at another
// version. npm ci skips them on other platforms without fetching; a machine on that platform
// fetches them from its registry as usual. No version, integrity or URL is invented for a
// package any machine installs here.
import { readFileSync, writeFileSync } from 'node:fs';

interface Entry {
  version?: string;
  optional?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, Entry> };
const packages = lock.packages;

/** Where npm finds `name` for the package at `from`: the nearest node_modules up the tree. */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (packages[candidate] !== undefined) return candidate;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

let added = 0;
for (const [from, entry] of Object.entries({ ...packages })) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // Platform builds are pinned to the exact version of their parent; ranges resolve as usual.
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) continue;
    const found = resolve(from, name);
    if (found !== undefined && packages[found]!.version === version) continue;
    const sibling = found === undefined ? undefined : packages[found];
    if (sibling?.os === undefined && sibling?.cpu === undefined) continue; // not a platform package
    const { os, cpu, libc } = sibling;
    packages[`${from}/node_modules/${name}`] = {
      version,
      ...(cpu === undefined ? {} : { cpu }),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(libc === undefined ? {} : { libc }),
      ...(os === undefined ? {} : { os }),
    };
    added += 1;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock:platforms: recorded ${added} optional platform package(s)`);
