/**
 * The size bound on the data a phase call is given (submitted answers typed or uploaded into the
 * preview, say), the same as the one on what a call may return (plruntime/bounds.py DATA_BYTES).
 */
export const DATA_BYTES = 10_000_000;

const megabytes = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;

/** A message when `data` is over DATA_BYTES of JSON (naming its largest part) or cannot be written as JSON at all. */
export function oversizedInput(data: Record<string, unknown>, phase: string): string | undefined {
  const sizes: Array<[string, number]> = [];
  let total = 2;
  try {
    for (const [key, value] of Object.entries(data)) {
      const size = JSON.stringify(value)?.length ?? 0;
      sizes.push([key, size]);
      total += key.length + 4 + size;
    }
  } catch (err) {
    return `the data for ${phase}() cannot be sent: ${(err as Error).message}`;
  }
  if (total <= DATA_BYTES) return undefined;
  const [largest, size] = sizes.reduce((a, b) => (b[1] > a[1] ? b : a));
  return `the data for ${phase}() is ${megabytes(total)} of JSON, over the limit of ${megabytes(DATA_BYTES)}; the largest part is ${largest} (${megabytes(size)})`;
}
