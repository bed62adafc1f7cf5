// Vitest setup file of the projects that start processes: after each file, every process it started and has not
// stopped is stopped (tests/helpers/processes.ts), whatever failed before the file's own `afterAll` could.
import { afterAll } from 'vitest';
import { stopStarted } from './processes.ts';

// Registered before the file's own hooks, so it runs after them: what they stopped is no longer tracked.
afterAll(stopStarted, 60_000);
