import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DOCKERFILE = fileURLToPath(new URL('../../Dockerfile', import.meta.url));

/** What the Dockerfile's last stage (the runtime image) declares, for checks that must agree with it. */
export interface RuntimeStage {
  /** `ENV` values, later ones overriding earlier. */
  env: Record<string, string>;
  /** `USER`, as written (e.g. `1000:1000`). */
  user: string;
  /** `EXPOSE`d ports. */
  expose: number[];
  /** `CMD`, exec form. */
  cmd: string[];
}

/** Instructions of the last `FROM` stage, continuation lines joined, comments dropped. */
function lastStage(text: string): string[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return lines.slice(lines.findLastIndex((line) => /^FROM\s/i.test(line)));
}

/** `KEY=value` pairs of one ENV instruction (values unquoted; no spaces inside a value unless quoted). */
const envPairs = (args: string): Array<[string, string]> =>
  [...args.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map(([, key, value]) => [key!, value!.replace(/^"|"$/g, '')]);

/** Reads the runtime stage of the project's Dockerfile. */
export function readRuntimeStage(text = readFileSync(DOCKERFILE, 'utf8')): RuntimeStage {
  const stage: RuntimeStage = { env: {}, user: 'root', expose: [], cmd: [] };
  for (const line of lastStage(text)) {
    const [, instruction = '', args = ''] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    switch (instruction.toUpperCase()) {
      case 'ENV':
        Object.assign(stage.env, Object.fromEntries(envPairs(args)));
        break;
      case 'USER':
        stage.user = args;
        break;
      case 'EXPOSE':
        stage.expose.push(...args.split(/\s+/).map((port) => Number.parseInt(port, 10)));
        break;
      case 'CMD':
        stage.cmd = JSON.parse(args) as string[];
        break;
    }
  }
  return stage;
}
