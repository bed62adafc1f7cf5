/**
 * Whether the heavy checks run at full size (`npm run test:slow`). `npm test` runs the same
 * tests as bounded smoke versions, sized to take seconds: the same behaviour, scaled down.
 */
export const SLOW = process.env['TEST_SLOW'] === '1';
