import { ConfigError, parseConfig, type Config } from '../lib/config/config.ts';

/** Reads the configuration, or exits with a message naming each bad variable (no stack). */
export function loadConfigOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\nSee the configuration table in README.md.\n`);
    process.exit(78); // EX_CONFIG (sysexits.h)
  }
}
