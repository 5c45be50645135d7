/** One line of the bench table. */
export interface Row {
  section: string;
  measure: string;
  /** The figure, in `unit`. */
  value: number;
  unit: 'ms' | 'MB' | 'x';
  /** A figure from the same run this one is compared with, e.g. the read + JSON.parse floor. */
  baseline?: { label: string; value: number };
  /** What the figure must stay under, and whether it does. */
  target?: { text: string; met: boolean };
  note?: string;
}

export function formatTable(rows: Row[]): string {
  const header = ['Section', 'Measure', 'Value', 'vs baseline', 'Target', ''];
  const cells = rows.map((r) => [
    r.section,
    r.measure,
    `${format(r.value)} ${r.unit}`,
    r.baseline ? `${format(r.value / r.baseline.value)}x ${r.baseline.label}` : '',
    r.target?.text ?? '',
    r.target ? (r.target.met ? 'ok' : 'MISSED') : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join(' | ').trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('-|-')];
  let section = '';
  for (let i = 0; i < rows.length; i++) {
    const c = cells[i];
    if (rows[i].section === section) c[0] = '';
    section = rows[i].section;
    out.push(line(c));
  }
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.section} / ${r.measure}: ${r.note}`);
  return [...out, ...(notes.length ? ['', ...notes] : [])].join('\n');
}

function format(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 100) return n.toFixed(0);
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(2);
}
