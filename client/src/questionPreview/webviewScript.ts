// The preview page's own script (runs in the webview, sent inline with the page's nonce): collects the
// answers from the question panel's inputs, posts Save / Grade / New Variant, reports typed answers so a
// re-render can put them back, and renders math with the bundled KaTeX.
export const WEBVIEW_SCRIPT = String.raw`
(() => {
  const vscode = acquireVsCodeApi();
  const form = document.getElementById('question-form');
  const fields = () => (form ? [...form.querySelectorAll('input[name], select[name], textarea[name]')] : []);
  const collect = () => {
    const raw = {};
    const add = (name, value) => {
      if (!(name in raw)) raw[name] = value;
      else raw[name] = [].concat(raw[name], value);
    };
    for (const el of fields()) {
      if (el.disabled) continue;
      if ((el.type === 'checkbox' || el.type === 'radio') && !el.checked) continue;
      if (el.tagName === 'SELECT' && el.multiple) for (const o of el.selectedOptions) add(el.name, o.value);
      else add(el.name, el.value);
    }
    return raw;
  };
  const restore = (raw) => {
    for (const el of fields()) {
      if (!(el.name in raw)) continue;
      const values = [].concat(raw[el.name]);
      if (el.type === 'checkbox' || el.type === 'radio') el.checked = values.includes(el.value);
      else if (el.tagName === 'SELECT' && el.multiple) for (const o of el.options) o.selected = values.includes(o.value);
      // A hidden field is element state; only elements that rebuild their view from it opt in.
      else if (el.type !== 'file' && (el.type !== 'hidden' || el.closest('[data-restore-hidden]'))) el.value = values[0];
    }
  };
  const typed = document.getElementById('typed-answers');
  if (typed) restore(JSON.parse(typed.textContent || '{}'));
  let timer;
  const report = () => {
    clearTimeout(timer);
    timer = setTimeout(() => vscode.postMessage({ type: 'typed', raw: collect() }), 150);
  };
  form?.addEventListener('input', report);
  form?.addEventListener('change', report);
  const submit = (action) => vscode.postMessage({ type: 'submit', action, raw: collect() });
  // Save & Grade is the form's submit button, so Enter in an input grades too, as in PrairieLearn.
  form?.addEventListener('submit', (e) => {
    e.preventDefault();
    submit('grade');
  });
  document.getElementById('save')?.addEventListener('click', () => submit('save'));
  document.getElementById('new-variant')?.addEventListener('click', () => vscode.postMessage({ type: 'newVariant' }));
  document.getElementById('seed-form')?.addEventListener('submit', (e) => {
    e.preventDefault();
    vscode.postMessage({ type: 'newVariant', seed: document.getElementById('seed').value });
  });
  document.getElementById('create-python')?.addEventListener('click', () => vscode.postMessage({ type: 'createPython' }));
  document.getElementById('raw-json')?.addEventListener('click', () => vscode.postMessage({ type: 'rawJson' }));
  for (const a of document.querySelectorAll('a[data-file]')) {
    a.addEventListener('click', (e) => {
      e.preventDefault();
      vscode.postMessage({ type: 'openFile', file: a.dataset.file, line: Number(a.dataset.line || 1) });
    });
  }
  if (typeof renderMathInElement === 'function') {
    renderMathInElement(document.getElementById('panels'), {
      delimiters: [
        { left: '$$', right: '$$', display: true },
        { left: '\\[', right: '\\]', display: true },
        { left: '$', right: '$', display: false },
        { left: '\\(', right: '\\)', display: false },
      ],
      ignoredTags: ['script', 'noscript', 'style', 'textarea', 'pre', 'code', 'option'],
      // PrairieLearn typesets with MathJax, which takes an array's empty @{} column separator (no space
      // between columns); KaTeX refuses it, so it goes: the columns keep KaTeX's usual spacing.
      preProcess: (math) => math.replace(/\\begin\{array\}\{(?:[^{}]|\{\})*\}/g, (spec) => spec.replace(/@\{\}/g, '')),
      throwOnError: false,
    });
  }
  document.body.dataset.ready = 'true';
})();
`;
