// The gradebook as a table: one row per user, one score column per assessment; as CSV and as the HTML of
// a webview that sorts by any column and asks the extension to save the CSV.
import type { GradebookRow } from '../api/types';

export interface GradebookTable {
  columns: string[];
  /** Cells are text or a number (score percent); null for no score. */
  rows: Array<Array<string | number | null>>;
}

const FIXED = ['UID', 'UIN', 'Name', 'Role'];

export function gradebookTable(data: GradebookRow[]): GradebookTable {
  // Every row lists every assessment in the same order; the first row with any gives the columns.
  const assessments = data.find((row) => row.assessments.length)?.assessments ?? [];
  const ids = assessments.map((a) => a.assessment_id);
  return {
    columns: [...FIXED, ...assessments.map((a) => a.assessment_label)],
    rows: data.map((row) => {
      const byId = new Map(row.assessments.map((a) => [a.assessment_id, a]));
      return [
        row.user_uid,
        row.user_uin ?? '',
        row.user_name ?? '',
        row.user_role,
        ...ids.map((id) => {
          const score = byId.get(id)?.score_perc;
          return score == null ? null : Math.round(score * 100) / 100;
        }),
      ];
    }),
  };
}

export function toCsv(table: GradebookTable): string {
  const cell = (value: string | number | null) => {
    if (value == null) return '';
    if (typeof value === 'number') return String(value);
    // A leading = + - @ would run as a formula in spreadsheets.
    const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [table.columns, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A complete page for a webview; scripts and styles run only with `nonce`, nothing loads from outside. */
function webviewPage(title: string, nonce: string, cspSource: string, style: string, body: string, script: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 12px; }
button { margin: 8px 0; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 12px; cursor: pointer; }
${style}
</style></head>
<body>
<h2>${escapeHtml(title)}</h2>
${body}
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
${script}
</script>
</body></html>`;
}

export function gradebookHtml(title: string, table: GradebookTable, nonce: string, cspSource: string): string {
  const head = table.columns.map((c, i) => `<th data-col="${i}" tabindex="0" title="Sort by ${escapeHtml(c)}">${escapeHtml(c)}</th>`).join('');
  const rows = table.rows
    .map(
      (row) =>
        `<tr>${row
          .map((v) => (v == null ? '<td class="none" data-v="">–</td>' : typeof v === 'number' ? `<td class="num" data-v="${v}">${v}%</td>` : `<td data-v="${escapeHtml(v)}">${escapeHtml(v)}</td>`))
          .join('')}</tr>`,
    )
    .join('\n');
  const style = `table { border-collapse: collapse; font-size: var(--vscode-font-size); }
th, td { border: 1px solid var(--vscode-panel-border); padding: 2px 8px; white-space: nowrap; }
th { cursor: pointer; position: sticky; top: 0; background: var(--vscode-editor-background); user-select: none; }
th[aria-sort=ascending]::after { content: ' ▲'; } th[aria-sort=descending]::after { content: ' ▼'; }
td.num { text-align: right; } td.none { color: var(--vscode-descriptionForeground); text-align: center; }`;
  const body = `<p>${table.rows.length} users · click a column heading to sort <button id="csv">Export CSV…</button></p>
<table><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table>`;
  const script = `document.getElementById('csv').addEventListener('click', () => vscode.postMessage({ type: 'exportCsv' }));
const tbody = document.querySelector('tbody');
function sortBy(th) {
  const col = Number(th.dataset.col);
  const dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
  document.querySelectorAll('th').forEach((h) => h.removeAttribute('aria-sort'));
  th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
  const key = (tr) => tr.children[col].dataset.v;
  const rows = [...tbody.rows].sort((a, b) => {
    const x = key(a), y = key(b);
    if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1; // no score last, either way
    const nx = Number(x), ny = Number(y);
    return dir * (isNaN(nx) || isNaN(ny) ? x.localeCompare(y) : nx - ny);
  });
  tbody.append(...rows);
}
document.querySelectorAll('th').forEach((th) => {
  th.addEventListener('click', () => sortBy(th));
  th.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') sortBy(th); });
});`;
  return webviewPage(title, nonce, cspSource, style, body, script);
}

/** The page shown when the gradebook cannot be loaded: what went wrong, and a Retry button. */
export function gradebookErrorHtml(title: string, message: string, nonce: string, cspSource: string): string {
  const body = `<p>Could not load the gradebook: ${escapeHtml(message)}</p>
<button id="retry">Retry</button>`;
  const script = `document.getElementById('retry').addEventListener('click', () => vscode.postMessage({ type: 'retry' }));`;
  return webviewPage(title, nonce, cspSource, '', body, script);
}
