// The image's base: the Node version the project runs, pinned by digest, and overridable for a
// build without an image registry (the container test passes a stand-in).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dockerfile = readFileSync(new URL('../../../Dockerfile', import.meta.url), 'utf8');
const nodeVersion = (
  JSON.parse(readFileSync(new URL('../../../node_modules/node/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

describe('Dockerfile', () => {
  it('pins its base image by digest, on the Node version the project runs', () => {
    const base = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
    expect(base).toMatch(/^node:[\w.-]+@sha256:[0-9a-f]{64}$/);
    expect(base!.split('@')[0]).toBe(`node:${nodeVersion}-bookworm-slim`);
  });

  it('builds every stage from that one argument, so a build can pass a stand-in for it', () => {
    const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map(([, image]) => image);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const image of stages) expect(image).toBe('${NODE_IMAGE}');
  });
});
