// pl-xss-safe in the page: the student's HTML is parsed into an inert document (nothing in it runs or
// loads) and rebuilt, element by element, from an allow-list of tags, attributes and URL schemes into
// the element's shadow root, so its styles cannot reach the page either. Markdown is shown as its text:
// the preview has no Markdown converter for the page.
(function () {
  const TAGS = new Set(('a abbr b blockquote br caption code col colgroup dd del details dfn div dl dt em figcaption figure ' +
    'h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span strong sub summary sup table tbody td tfoot ' +
    'th thead tr u ul var').split(' '));
  // Dropped with everything inside; other unknown tags are unwrapped (their text stays).
  const DROP = new Set(('script style iframe frame frameset object embed noscript template svg math form input button ' +
    'select textarea link meta base title head video audio source track canvas').split(' '));
  const ATTRS = new Set(('href src alt title width height colspan rowspan align class lang dir start reversed type cite ' +
    'datetime open span headers scope abbr').split(' '));
  const URL_ATTRS = new Set(['href', 'src', 'cite']);

  function safeUrl(value) {
    const v = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
    if (!/^[a-z][a-z0-9+.-]*:/.test(v)) return true;
    return /^(https?|mailto):/.test(v) || /^data:image\/(png|gif|jpe?g|webp);/.test(v);
  }

  /** `source`'s children rebuilt in `doc` with only allowed tags and attributes, into `into`. */
  function rebuild(source, into, doc) {
    for (const node of Array.from(source.childNodes)) {
      if (node.nodeType === 3) {
        into.appendChild(doc.createTextNode(node.nodeValue));
      } else if (node.nodeType === 1) {
        const tag = node.localName;
        if (DROP.has(tag)) continue;
        if (!TAGS.has(tag)) {
          rebuild(node, into, doc);
          continue;
        }
        const copy = doc.createElement(tag);
        for (const attr of Array.from(node.attributes)) {
          if (!ATTRS.has(attr.name)) continue;
          if (URL_ATTRS.has(attr.name) && !safeUrl(attr.value)) continue;
          copy.setAttribute(attr.name, attr.value);
        }
        if (tag === 'a') copy.setAttribute('rel', 'noopener noreferrer');
        rebuild(node, copy, doc);
        into.appendChild(copy);
      }
    }
    return into;
  }

  function clean(code, doc) {
    const inert = new DOMParser().parseFromString(code, 'text/html');
    return rebuild(inert.body, doc.createDocumentFragment(), doc);
  }

  function show(el) {
    if (el.shadowRoot) return;
    const root = el.attachShadow({ mode: 'open' });
    const code = el.dataset.code || '';
    if (el.dataset.language === 'markdown') {
      const pre = document.createElement('pre');
      pre.textContent = code;
      root.appendChild(pre);
      return;
    }
    root.appendChild(clean(code, document));
  }

  function showAll() {
    document.querySelectorAll('.pl-xss-safe[data-code]').forEach(show);
  }
  if (typeof module !== 'undefined') module.exports = { safeUrl };
  if (typeof document === 'undefined') return;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', showAll);
  else showAll();
})();
