/** How the evaluations print their figures. */

/** The value at quantile `q` (0 to 1) of `values`, nearest rank; NaN for none. */
export const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))];
};

/** Three decimals, or '-' for a figure that could not be measured. */
export const f3 = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : '-');

/** min · p5 · p50 · p95 · max of `values`, three decimals each ('-' each for none). */
export const spread = (values: number[]) => [0, 0.05, 0.5, 0.95, 1].map((q) => f3(quantile(values, q))).join(' · ');
