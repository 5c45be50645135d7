// A rendered panel as text an agent can read: the words and math a student sees, and each form
// control as a bracketed marker with its name, so that answers can be submitted by name.

/** One form control of a rendered panel. */
export interface PageInput {
  name: string;
  /** text, number, radio, checkbox, select, textarea, hidden, file... */
  kind: string;
  /** Choices of radios, checkboxes and selects (their submitted values, with the label when there is one). */
  options?: { value: string; label?: string }[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', times: '×', minus: '−', le: '≤', ge: '≥' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? decodeEntities(m[2] ?? m[3] ?? m[4] ?? '') : undefined;
}

const BLOCK = /^(p|div|br|li|ul|ol|tr|table|h[1-6]|pre|section|hr|label|fieldset|form)$/i;

/** The panel's text, with `[input name=... kind]` markers; scripts, styles and comments dropped. */
export function pageText(html: string): string {
  let text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(input|select|textarea)\b[^>]*>/gi, (tag, kind: string) => {
      const name = attribute(tag, 'name');
      const type = kind.toLowerCase() === 'input' ? (attribute(tag, 'type') ?? 'text').toLowerCase() : kind.toLowerCase();
      if (type === 'hidden' || !name) return '';
      const value = attribute(tag, 'value');
      return ` [${type} ${name}${(type === 'radio' || type === 'checkbox') && value !== undefined ? `=${value}` : ''}] `;
    })
    .replace(/<option\b[^>]*>/gi, (tag) => ` (option ${attribute(tag, 'value') ?? ''}) `)
    .replace(/<\/?([a-z][\w-]*)\b[^>]*>/gi, (_tag, name: string) => (BLOCK.test(name) ? '\n' : ' '));
  text = decodeEntities(text);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
    .join('\n')
    .trim();
}

/** The named form controls of a panel, grouped by name (radios and checkboxes share one). */
export function pageInputs(html: string): PageInput[] {
  const byName = new Map<string, PageInput>();
  const cleaned = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  const re = /<(input|select|textarea)\b[^>]*>/gi;
  for (let m = re.exec(cleaned); m; m = re.exec(cleaned)) {
    const tag = m[0];
    const name = attribute(tag, 'name');
    if (!name) continue;
    const kind = m[1].toLowerCase() === 'input' ? (attribute(tag, 'type') ?? 'text').toLowerCase() : m[1].toLowerCase();
    if (kind === 'hidden' || kind === 'submit' || kind === 'button') continue;
    let input = byName.get(name);
    if (!input) byName.set(name, (input = { name, kind }));
    if (kind === 'radio' || kind === 'checkbox') {
      const value = attribute(tag, 'value') ?? 'on';
      const id = attribute(tag, 'id');
      const labelMatch = id ? new RegExp(`<label\\b[^>]*for\\s*=\\s*["']${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'][^>]*>([\\s\\S]*?)</label>`, 'i').exec(cleaned) : null;
      const label = labelMatch ? pageText(labelMatch[1]).replace(/\s+/g, ' ') : undefined;
      (input.options ??= []).push({ value, ...(label && { label }) });
    }
    if (kind === 'select') {
      const end = cleaned.indexOf('</select', m.index);
      const body = cleaned.slice(m.index, end < 0 ? undefined : end);
      const options: { value: string; label?: string }[] = [];
      for (const o of body.matchAll(/<option\b([^>]*)>([\s\S]*?)(?=<option\b|<\/option|$)/gi)) {
        const label = pageText(o[2]).replace(/\s+/g, ' ');
        options.push({ value: attribute(`<option ${o[1]}>`, 'value') ?? label, ...(label && { label }) });
      }
      input.options = options;
    }
  }
  return [...byName.values()];
}
