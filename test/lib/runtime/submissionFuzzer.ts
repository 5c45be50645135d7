// Random answers for the submission fuzz test, from a seed: text built from markup, quotes, mustache,
// lone surrogates and NUL, very long strings, deeply nested JSON, and file contents that are not UTF-8.

/** mulberry32: the same seed, the same answers. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '<script>', '</script>', '<script x>', '<svg onload=x>', '<img src=x onerror=y>', '<iframe>', '<!--', '-->', '<![CDATA[', ']]>',
  '"', "'", '`', '>', '<', '&', '&amp;', '&#60;', '&lt;', '{{', '}}', '{{{x}}}', '{{#a}}', '{{/a}}', '{{> p}}', '\\', '\n', '\r\n', '\t', ' ',
  '\u0000', '\ud800', '\udfff', '\ufffd', '\u202e', 'π', '𝔘', 'x', '1', '-2.5e3', '[', ']', '{', '}', ',', ';', ':', 'null', 'true', 'NaN', 'n^2', 'x**x**x',
  '[1 2; 3 4]', '1/0', '__import__("os")', 'm/s', '"uuid"', '"inner_html"', '"indent"',
];

export function fuzzer(seed: number) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const text = (): string => {
    const kind = r();
    if (kind < 0.05) return pick(PIECES).repeat(50_000 + Math.floor(r() * 150_000));
    if (kind < 0.1) return '['.repeat(20_000) + ']'.repeat(20_000);
    return Array.from({ length: Math.floor(r() * 12) }, () => pick(PIECES)).join('');
  };
  const json = (depth: number): unknown => {
    const kind = r();
    if (depth > 0 && kind < 0.3) return Array.from({ length: Math.floor(r() * 4) }, () => json(depth - 1));
    if (depth > 0 && kind < 0.5) return Object.fromEntries(Array.from({ length: Math.floor(r() * 4) }, () => [text().slice(0, 50), json(depth - 1)]));
    if (kind < 0.6) return Math.floor(r() * 1e6) - 5e5;
    if (kind < 0.65) return null;
    return text();
  };
  const deep = (n: number): unknown => {
    let v: unknown = text();
    for (let i = 0; i < n; i++) v = r() < 0.5 ? [v] : { [pick(['uuid', 'inner_html', 'indent', 'name', 'contents'])]: v };
    return v;
  };
  const notUtf8 = () => Buffer.from(Array.from({ length: 1 + Math.floor(r() * 64) }, () => Math.floor(r() * 256))).toString('base64');
  /** A value for one form field: mostly text, sometimes a list, JSON of the shape the element expects, or bytes. */
  const field = (name: string): string | string[] => {
    const kind = r();
    if (name.startsWith('_file_editor_') && kind < 0.5) return notUtf8();
    if (name.startsWith('_file_upload_') && kind < 0.5) return JSON.stringify([{ name: text(), contents: r() < 0.5 ? notUtf8() : text() }, { name: 'up.txt', contents: notUtf8() }]);
    if (name === 'o-input' && kind < 0.5) return JSON.stringify(Array.from({ length: 3 }, () => ({ uuid: text(), inner_html: text(), indent: json(1) })));
    if (kind < 0.6) return JSON.stringify(json(3));
    if (kind < 0.7) return JSON.stringify(deep(2000));
    if (kind < 0.8) return [text(), text()];
    return text();
  };
  return { r, text, json, deep, field };
}
