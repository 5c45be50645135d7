// v2 question templates, filled the way PrairieLearn's v2 client fills them: an underscore template
// (`<%= params.x %>`, `<% print(questionFile("a.png")) %>`) with the params, submitted answer, true
// answer and feedback, then rivets-style `{{ path }}` text bindings, then the bound inputs
// (`data-instavalue`, `data-checkedoptional`, `data-checked` on "submittedAnswer.<name>") given form
// names and their current values, so a plain form submits what the v2 client would have read.
'use strict';

const _ = require('underscore');

const escapeHtml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function lookup(scope, keypath) {
  let value = scope;
  for (const part of keypath.split('.')) {
    if (value === null || value === undefined) return undefined;
    value = value[part];
  }
  return value;
}

/** The `{{ path | formatter args }}` text bindings: the formatters named here, others leave the value as is. */
const FORMATTERS = {
  floatFixed: (x, n) => (typeof x === 'number' ? x.toFixed(Number(n) || 0) : x),
  directionName: (d) => (d > 0 ? 'counterclockwise' : 'clockwise'),
  directionNameRL: (d) => (d > 0 ? 'right' : 'left'),
  directionNameUD: (d) => (d > 0 ? 'up' : 'down'),
  directionNameIncDec: (d) => (d > 0 ? 'increasing' : 'decreasing'),
};

function textBindings(html, scope) {
  return html.replace(/\{\{([^}]*)\}\}/g, (whole, inner) => {
    const [keypath, ...formatters] = inner.split('|').map((s) => s.trim());
    // `{{! ...}}` is a comment for editors' mustache checkers, not a binding.
    if (keypath.startsWith('!')) return '';
    let value = lookup(scope, keypath);
    for (const f of formatters) {
      const [name, ...args] = f.split(/\s+/);
      if (FORMATTERS[name]) value = FORMATTERS[name](value, ...args);
    }
    return value === undefined || value === null ? '' : escapeHtml(value);
  });
}

const BINDERS = { instavalue: 'text', value: 'text', checkedoptional: 'checkbox', checked: 'radio' };

/** Names the bound inputs and sets their values; returns the html and the answers it binds. */
function bindInputs(html, submitted, editable) {
  const answers = [];
  const out = html.replace(/<input\b([^>]*)>/gi, (tag, attrs) => {
    const m = /\bdata-(instavalue|value|checkedoptional|checked)\s*=\s*["']submittedAnswer\.([^"']+)["']/i.exec(attrs);
    if (!m) return tag;
    const kind = BINDERS[m[1].toLowerCase()];
    const name = m[2];
    if (!answers.some((a) => a.name === name)) answers.push({ name, kind });
    const current = submitted ? submitted[name] : undefined;
    let rest = attrs.replace(/\s\/\s*$/, '').replace(/\bname\s*=\s*("[^"]*"|'[^']*'|\S+)/i, '');
    let extra = ` name="${escapeHtml(name)}"`;
    if (kind === 'text') {
      rest = rest.replace(/\bvalue\s*=\s*("[^"]*"|'[^']*'|\S+)/i, '');
      if (current !== undefined && current !== null) extra += ` value="${escapeHtml(current)}"`;
    } else if (kind === 'checkbox') {
      extra += ' value="true"' + (current === true || current === 'true' ? ' checked' : '');
    } else {
      const value = /\bvalue\s*=\s*["']([^"']*)["']/i.exec(rest)?.[1];
      if (current !== undefined && value === String(current)) extra += ' checked';
    }
    if (!editable) extra += ' disabled';
    return `<input${rest}${extra}>`;
  });
  return { html: out, answers };
}

/**
 * The template filled for one panel. `helpers` are the template's functions (questionFile, ...);
 * `twice` fills the result again (the built-in types' text may itself be a template).
 */
function fillTemplate(text, data, helpers, options = {}) {
  const scope = { params: data.params || {}, submittedAnswer: data.submittedAnswer || {}, trueAnswer: data.trueAnswer || {}, feedback: data.feedback || {} };
  let html = _.template(text)({ ...scope, ...helpers });
  if (options.twice) html = _.template(html)({ ...helpers });
  html = textBindings(html, scope);
  return bindInputs(html, scope.submittedAnswer, options.editable === true);
}

/** The submitted answer the v2 client would have sent for these form values. */
function submittedFromRaw(answers, raw) {
  const submitted = {};
  for (const { name, kind } of answers) {
    const value = Array.isArray(raw[name]) ? raw[name][raw[name].length - 1] : raw[name];
    if (kind === 'checkbox') submitted[name] = value === 'true';
    else if (value !== undefined) submitted[name] = value;
  }
  return submitted;
}

module.exports = { fillTemplate, submittedFromRaw, escapeHtml };
