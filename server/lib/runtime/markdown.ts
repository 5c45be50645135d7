import { marked } from 'marked';

/**
 * Expands `<markdown>` blocks as PrairieLearn does after mustache: each block through `marked`
 * (no sanitizing), fenced code as `<pl-code>`, `\$` forms as a literal `$`, and `<markdown#>`
 * written as a literal `<markdown>` tag.
 */
export function expandMarkdown(html: string): string {
  return html
    .replace(/<markdown>([\s\S]*?)<\/markdown>/g, (_m, body: string) => renderMarkdown(body))
    .replace(/<markdown(#+)>/g, (_m, hashes: string) => `<markdown${hashes.slice(1)}>`)
    .replace(/<\/markdown(#+)>/g, (_m, hashes: string) => `</markdown${hashes.slice(1)}>`);
}

function renderMarkdown(body: string): string {
  const renderer = new marked.Renderer();
  renderer.code = ({ text, lang }) => {
    // As upstream's question markdown: the language is the info text before the first "{" (or
    // backslash), the highlighted lines what the braces hold, so `cpp{4-6,9}` works without a space.
    const info = /^([^\\{]*)(?:\{(.*)\})?/.exec(lang ?? '');
    const language = info?.[1];
    const highlight = info?.[2];
    const attrs = (language ? ` language="${escapeAttr(language)}"` : '') + (highlight ? ` highlight-lines="${escapeAttr(highlight)}"` : '');
    return `<pl-code${attrs}>${escapeText(text)}</pl-code>\n`;
  };
  const text = body.replace(/\\{1,3}\$/g, '$');
  return marked.parse(text, { renderer, async: false }) as string;
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
