// pl-rich-text-editor in the page: a Quill editor (the one PrairieLearn uses, bundled in dist/quill) whose
// cleaned HTML goes, entity-encoded and base64, into the hidden field that parse() reads. A submission shows
// the same editor read-only. What a student wrote is never markup until DOMPurify has cleaned it, and Quill
// then rebuilds it from its own formats, so nothing of it runs; the submission's page policy runs no script
// of its own either.
//
// The pure parts (word and character counting, as parse() counts) are unit-tested in node through module.exports.
(function () {
  // Words split on ASCII whitespace after tags and no-break spaces became spaces: parse() counts the same way.
  function countWords(text) {
    const trimmed = text.trim();
    return trimmed ? trimmed.split(/[ \t\n\r\f\v]+/).filter(Boolean).length : 0;
  }
  function countableText(html) {
    return html ? html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|&#160;|&#xA0;|\u00A0/g, ' ') : '';
  }
  function counterText(unit, n) {
    return `${n} ${unit}${n === 1 ? '' : 's'}`;
  }
  /** The word-count message PrairieLearn's page shows, or '' when the count is within the bounds. */
  function boundsMessage(words, min, max) {
    if (min && words < min) return `Too few words (${min - words} more expected)`;
    if (max && words > max) return `Too many words (${words - max} above limit)`;
    return '';
  }

  const logic = { countWords, countableText, counterText, boundsMessage };
  if (typeof module === 'object' && module.exports) {
    module.exports = logic;
    return;
  }

  /** The text of a base64 value (UTF-8; the stored HTML is ASCII), '' when it is not base64. */
  function decode(value) {
    try {
      const binary = atob(value || '');
      return new TextDecoder('utf-8').decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    } catch {
      return '';
    }
  }

  let purifier;
  /** `html` with only harmless markup (DOMPurify); a formula keeps its TeX as text, as PrairieLearn stores it. */
  function clean(html) {
    if (!purifier) {
      purifier = DOMPurify();
      purifier.addHook('uponSanitizeElement', (node, data) => {
        if (data.tagName === 'span' && node.classList && node.classList.contains('ql-formula')) {
          node.textContent = `$${node.dataset.value || ''}$`;
        }
      });
    }
    return purifier.sanitize(html, { SANITIZE_NAMED_PROPS: true });
  }

  function registerFormula() {
    if (typeof window.katex === 'undefined' || registerFormula.done) return;
    registerFormula.done = true;
    const Base = Quill.import('formats/formula');
    // Stored as PrairieLearn stores a formula: its TeX in data-value and as the text, not KaTeX's markup.
    class StoredFormula extends Base {
      html() {
        const tex = this.domNode.getAttribute('data-value') || '';
        const attr = tex.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        return `<span class="ql-formula" data-value="${attr}">$${attr}$</span>`;
      }
    }
    Quill.register('formats/formula', StoredFormula, true);
  }

  function toolbar() {
    return [
      ['bold', 'italic', 'underline', 'strike'],
      ['blockquote', 'code-block', { script: 'sub' }, { script: 'super' }, ...(window.katex ? ['formula'] : [])],
      [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
      [{ size: ['small', false, 'large'] }],
      [{ header: [1, 2, 3, false] }],
      [{ color: [] }, { background: [] }],
      ['clean'],
    ];
  }

  function fallback(el, html, note) {
    const box = el.querySelector('.pl-rte-editor');
    const p = document.createElement('p');
    p.className = 'text-muted';
    p.textContent = note;
    const text = document.createElement('div');
    text.textContent = new DOMParser().parseFromString(html, 'text/html').body.textContent;
    box.replaceChildren(p, text);
  }

  function setup(el) {
    if (el.dataset.ready) return;
    el.dataset.ready = 'true';
    const options = JSON.parse(el.dataset.options || '{}');
    const input = el.querySelector('input[type=hidden]');
    let contents = decode(input ? input.value : '');
    if (contents && options.format === 'markdown' && window.marked) contents = window.marked.parse(contents);
    if (typeof Quill === 'undefined' || typeof DOMPurify === 'undefined' || typeof he === 'undefined') {
      fallback(el, contents, 'The rich-text editor did not load (dist/quill is missing); its text is shown plain.');
      return;
    }
    registerFormula();
    const quill = new Quill(el.querySelector('.pl-rte-editor'), {
      theme: options.theme || undefined,
      placeholder: options.placeholder,
      readOnly: options.readOnly,
      bounds: el,
      modules: {
        toolbar: options.readOnly ? false : toolbar(),
        // Tab moves focus on, as in PrairieLearn (lists and code blocks still indent with it).
        keyboard: { bindings: { tab: { key: 'Tab', handler: () => true } } },
      },
    });
    // Markdown shortcuts (`# ` a heading, `**x**` bold...) as PrairieLearn offers them, unless turned off.
    if (options.markdownShortcuts && !options.readOnly && typeof QuillMarkdown !== 'undefined') new QuillMarkdown(quill, {});
    quill.setContents(quill.clipboard.convert({ html: clean(contents) }));
    quill.history.clear();

    const stored = () => (quill.editor.isBlank() ? '' : clean(quill.getSemanticHTML()));
    const counter = el.querySelector('.pl-rte-counter');
    const invalid = el.querySelector('.pl-rte-invalid');
    const min = Number(el.dataset.minWordCount) || 0;
    const max = Number(el.dataset.maxWordCount) || 0;
    const update = (fromTyping) => {
      const html = stored();
      if (input) {
        // Entities for every non-ASCII character (he, as PrairieLearn's page does), so the value is ASCII base64.
        input.value = btoa(he.encode(html, { allowUnsafeSymbols: true, useNamedReferences: true }));
        if (fromTyping) input.dispatchEvent(new Event('input', { bubbles: true }));
      }
      const words = countWords(countableText(html));
      if (counter) counter.textContent = counterText(options.counter, options.counter === 'character' ? [...quill.getText()].length : words);
      if (invalid) {
        const message = boundsMessage(words, min, max);
        invalid.textContent = message;
        invalid.hidden = !message || (words === 0 && !fromTyping);
      }
    };
    quill.on('text-change', () => update(true));
    update(false);

    if (!options.clipboard) {
      const note = el.querySelector('.pl-rte-clipboard-note');
      for (const type of ['copy', 'cut', 'paste']) {
        quill.root.addEventListener(type, (e) => {
          e.preventDefault();
          e.stopPropagation();
          if (note) {
            note.hidden = false;
            clearTimeout(note.timer);
            note.timer = setTimeout(() => (note.hidden = true), 2000);
          }
        }, true);
      }
    }
  }

  function setupAll() {
    document.querySelectorAll('.pl-rich-text-editor[data-options]').forEach(setup);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setupAll);
  else setupAll();
})();
