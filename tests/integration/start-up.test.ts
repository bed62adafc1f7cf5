import { describe, expect, it } from 'vitest';
import { runToExit } from '../helpers/start-server.ts';

/** The compiled entry refuses a bad environment before it listens (each variable's rules: `config.test.ts`). */
describe('a bad environment', () => {
  it.each([
    ['PORT', 'abc'],
    ['BASE_URL', 'not a url'],
    ['TRUST_PROXY', '-2'],
    ['DEPLOY_ENV', 'prod'],
  ])('refuses to start with %s=%s and names the variable', async (name, value) => {
    const { code, stderr } = await runToExit({ [name]: value });
    expect(code).not.toBe(0);
    expect(stderr).toContain(`${name}=`);
    expect(stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});
