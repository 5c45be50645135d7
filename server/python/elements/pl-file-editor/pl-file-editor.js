// pl-file-editor in the page: an Ace editor (the editor PrairieLearn uses) when the page loaded Ace,
// otherwise the monospace textarea with Tab indenting (Escape, then Tab moves on). Either way the hidden field
// _file_editor_<sha1 of file-name> holds the text base64-encoded (UTF-8), which is what parse() reads.
//
// The pure parts (encoding, Tab editing, Ace options) are unit-tested in node through module.exports.
(function () {
  function encode(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }

  /** The text of a base64 value, or null when it is not base64 of UTF-8. */
  function decode(value) {
    try {
      const binary = atob(value || '');
      return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    } catch {
      return null;
    }
  }

  const INDENT = '    ';

  /**
   * Tab in the textarea: with no selection, four spaces at the caret; with a selection, every line it
   * touches indented, or (Shift+Tab) unindented by up to four spaces. Returns the new text and selection.
   */
  function tabEdit(text, start, end, shift) {
    if (start === end && !shift) {
      return { text: text.slice(0, start) + INDENT + text.slice(end), start: start + INDENT.length, end: start + INDENT.length };
    }
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const block = text.slice(lineStart, end);
    const lines = block.split('\n');
    let first = 0;
    let total = 0;
    const changed = lines.map((line, i) => {
      if (!shift) {
        if (i === 0) first = INDENT.length;
        total += INDENT.length;
        return INDENT + line;
      }
      const removed = /^ {0,4}/.exec(line)[0].length;
      if (i === 0) first = -Math.min(removed, start - lineStart);
      total -= removed;
      return line.slice(removed);
    });
    const result = text.slice(0, lineStart) + changed.join('\n') + text.slice(end);
    return { text: result, start: Math.max(lineStart, start + first), end: Math.max(lineStart, end + total) };
  }

  /** Ace's options from the element's data attributes; `dark` is VS Code's theme kind. */
  function aceOptions(d, dark) {
    const minLines = Number(d.minLines) || 18;
    const maxLines = Number(d.maxLines) || (d.autoResize === 'false' ? minLines : Infinity);
    const options = {
      mode: d.aceMode || 'ace/mode/text',
      theme: d.aceTheme || (dark ? 'ace/theme/tomorrow_night' : 'ace/theme/chrome'),
      minLines,
      maxLines: Math.max(minLines, maxLines),
      useSoftTabs: true,
      tabSize: 4,
      showPrintMargin: false,
      // A worker would need worker-src in the preview's content-security policy; syntax checking is not needed.
      useWorker: false,
      // Tab indents inside; Escape then Tab leaves the editor, so the keyboard is never trapped.
      enableKeyboardAccessibility: true,
    };
    if (d.fontSize) options.fontSize = d.fontSize;
    return options;
  }

  const logic = { encode, decode, tabEdit, aceOptions };
  if (typeof module === 'object' && module.exports) {
    module.exports = logic;
    return;
  }

  function setup(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = 'true';
    const area = root.querySelector('textarea[data-target]');
    const hidden = area && root.querySelector(`input[name="${area.dataset.target}"]`);
    if (!area || !hidden) return;
    // The page comes with the hidden field empty, as PrairieLearn's does; the editor's text fills it. A value
    // there was restored (typed before a re-render) and wins over the rendered text.
    const restored = hidden.value ? decode(hidden.value) : null;
    if (restored !== null && restored !== area.value) area.value = restored;
    if (!hidden.value) hidden.value = encode(area.value);
    const store = (text) => {
      hidden.value = encode(text);
      hidden.dispatchEvent(new Event('change', { bubbles: true }));
    };
    const ace = window.ace;
    const script = document.getElementById('pl-ace');
    if (ace && script) {
      ace.config.set('basePath', script.dataset.base);
      // A mode the course ships (clientFilesQuestion or clientFilesCourse, ace/mode/mode-<name>.js) wins over
      // Ace's own, as in PrairieLearn; the preview serves it from the course folder, never the network.
      if (root.dataset.aceMode && root.dataset.aceModeUrl) ace.config.setModuleUrl(root.dataset.aceMode, root.dataset.aceModeUrl);
      const holder = document.createElement('div');
      holder.className = 'pl-file-editor-ace';
      area.after(holder);
      area.hidden = true;
      const isDark = () =>
        document.body.classList.contains('vscode-dark') ||
        (document.body.classList.contains('vscode-high-contrast') && !document.body.classList.contains('vscode-high-contrast-light'));
      const editor = ace.edit(holder, { ...aceOptions(root.dataset, isDark()), value: area.value });
      // VS Code changes the body's theme class when the user switches themes: the editor follows,
      // unless the question names its own theme.
      if (!root.dataset.aceTheme) {
        new MutationObserver(() => editor.setTheme(aceOptions(root.dataset, isDark()).theme)).observe(document.body, {
          attributes: true,
          attributeFilter: ['class'],
        });
      }
      editor.setReadOnly(area.readOnly);
      editor.renderer.textarea?.setAttribute('aria-label', area.getAttribute('aria-label') || 'Code editor');
      editor.session.on('change', () => {
        area.value = editor.getValue();
        store(area.value);
      });
      if (root.dataset.focus === 'true') editor.focus();
      return;
    }
    area.addEventListener('input', () => store(area.value));
    let released = false; // Escape, then Tab leaves the textarea as usual
    area.addEventListener('keydown', (e) => {
      const release = released;
      released = e.key === 'Escape';
      if (e.key !== 'Tab' || release || area.readOnly || e.ctrlKey || e.altKey || e.metaKey) return;
      e.preventDefault();
      const r = tabEdit(area.value, area.selectionStart, area.selectionEnd, e.shiftKey);
      area.value = r.text;
      area.setSelectionRange(r.start, r.end);
      store(area.value);
    });
  }

  function all() {
    document.querySelectorAll('.pl-file-editor').forEach(setup);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', all);
  else all();
})();
