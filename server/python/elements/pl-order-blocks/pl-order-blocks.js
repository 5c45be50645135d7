// pl-order-blocks: keyboard- and click-friendly block arranging. Each block gets buttons to move it
// between the source list and the answer list, up/down, and (with indentation) left/right; the hidden
// <name>-input always holds the answer list as JSON [{inner_html, indent, uuid}], as PrairieLearn submits it.
(function () {
  function setup(root) {
    if (root.dataset.disabled === 'true' || root.dataset.ready) return;
    root.dataset.ready = 'true';
    const source = root.querySelector('.pl-order-blocks-source');
    const answer = root.querySelector('.pl-order-blocks-answer');
    const input = root.querySelector('input[type=hidden]');
    const indentation = root.dataset.indentation === 'true';
    const maxIndent = Number(root.dataset.maxIndent || 4);
    function save() {
      input.value = JSON.stringify(Array.from(answer.children).map((li) => ({
        inner_html: li.querySelector('.pl-order-block-content').innerHTML,
        indent: Number(li.dataset.indent || 0),
        uuid: li.dataset.uuid,
      })));
    }
    function button(label, text, action) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn btn-sm btn-outline-secondary ms-1';
      b.setAttribute('aria-label', label);
      b.textContent = text;
      b.addEventListener('click', (e) => { e.preventDefault(); action(b.closest('li')); save(); });
      return b;
    }
    function indent(li, by) {
      const v = Math.max(0, Math.min(maxIndent, Number(li.dataset.indent || 0) + by));
      li.dataset.indent = String(v);
      li.style.marginLeft = v * 2 + 'em';
    }
    for (const li of root.querySelectorAll('.pl-order-block')) {
      const tools = document.createElement('span');
      tools.className = 'float-end';
      tools.append(
        button('Move between lists', '⇄', (b) => { (b.parentElement === source ? answer : source).append(b); if (b.parentElement === source) indent(b, -maxIndent); }),
        button('Move up', '↑', (b) => { if (b.previousElementSibling) b.parentElement.insertBefore(b, b.previousElementSibling); }),
        button('Move down', '↓', (b) => { if (b.nextElementSibling) b.parentElement.insertBefore(b.nextElementSibling, b); }),
      );
      if (indentation) {
        tools.append(
          button('Indent less', '←', (b) => { if (b.parentElement === answer) indent(b, -1); }),
          button('Indent more', '→', (b) => { if (b.parentElement === answer) indent(b, 1); }),
        );
      }
      li.append(tools);
    }
  }
  function all() { document.querySelectorAll('.pl-order-blocks[data-answers-name]').forEach(setup); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', all); else all();
})();
