/** How a report's figures spread: min, p5, p50, p95 and max of the values (nearest rank); undefined for none. */
export function spread(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
  return { min: sorted[0], p5: at(0.05), p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}
