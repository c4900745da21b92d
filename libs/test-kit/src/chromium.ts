import flags from './chromium-flags.json';

/**
 * Debian's Chromium as every browser test and benchmark starts it: headless, with nothing reaching outside this machine.
 * The flags are a JSON file so that the tools' plain scripts (tools/benchmarks/frontend-budget.mjs) read the same list.
 */
export const CHROMIUM_FLAGS: readonly string[] = flags;
