// pl-order-blocks in the page: blocks are dragged with the pointer between the source list and the
// answer list (the horizontal drop position sets the indent when indentation is on), moved with the
// keyboard, or with each block's buttons. The hidden <name>-input always holds the answer list as JSON
// [{inner_html, indent, uuid}], which is what PrairieLearn submits and parse() reads.
//
// The arrangement is a plain state {source: [uuid], answer: [{uuid, indent}]} changed by the pure
// functions below (unit-tested in node through module.exports); the page only mirrors that state.
(function () {
  function clamp(v, lo, hi) {
    return Math.max(lo, Math.min(hi, v));
  }

  /** The state with block `uuid` put into `list` at `index`; `maxIndent` 0 means no indentation. */
  function moveBlock(state, uuid, list, index, indent, maxIndent) {
    const source = state.source.filter((u) => u !== uuid);
    const answer = state.answer.filter((b) => b.uuid !== uuid);
    if (list === 'source') source.splice(clamp(index, 0, source.length), 0, uuid);
    else answer.splice(clamp(index, 0, answer.length), 0, { uuid, indent: clamp(indent || 0, 0, maxIndent) });
    return { source, answer };
  }

  function where(state, uuid) {
    const a = state.answer.findIndex((b) => b.uuid === uuid);
    if (a >= 0) return { list: 'answer', index: a, indent: state.answer[a].indent };
    const s = state.source.indexOf(uuid);
    return s >= 0 ? { list: 'source', index: s, indent: 0 } : null;
  }

  /**
   * What a key does to the focused block: ArrowUp/ArrowDown move it within its list, Enter or Space
   * moves it to the end of the other list, ArrowLeft/ArrowRight change its indent in the answer.
   * Returns the new state, or null when the key does nothing here.
   */
  function keyMove(state, uuid, key, maxIndent) {
    const at = where(state, uuid);
    if (!at) return null;
    const length = at.list === 'answer' ? state.answer.length : state.source.length;
    if (key === 'ArrowUp' || key === 'ArrowDown') {
      const to = at.index + (key === 'ArrowUp' ? -1 : 1);
      return to < 0 || to >= length ? null : moveBlock(state, uuid, at.list, to, at.indent, maxIndent);
    }
    if (key === 'Enter' || key === ' ') {
      return at.list === 'answer'
        ? moveBlock(state, uuid, 'source', state.source.length, 0, maxIndent)
        : moveBlock(state, uuid, 'answer', state.answer.length, 0, maxIndent);
    }
    if ((key === 'ArrowLeft' || key === 'ArrowRight') && at.list === 'answer' && maxIndent > 0) {
      const indent = clamp(at.indent + (key === 'ArrowLeft' ? -1 : 1), 0, maxIndent);
      return indent === at.indent ? null : moveBlock(state, uuid, 'answer', at.index, indent, maxIndent);
    }
    return null;
  }

  /** Where a drop at vertical position `y` goes among blocks whose vertical midpoints are `midpoints`. */
  function dropIndex(midpoints, y) {
    let i = 0;
    while (i < midpoints.length && midpoints[i] < y) i++;
    return i;
  }

  /**
   * Which of the lists (their client rectangles `rects`) the pointer at (x, y) is over, or -1.
   * Rectangles, not elementFromPoint: the dragged block follows the pointer and would be found instead.
   */
  function listAt(rects, x, y) {
    return rects.findIndex((r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
  }

  /** Whether a press moved far enough (px) to be a drag rather than a click. */
  function isDrag(dx, dy) {
    return dx * dx + dy * dy > 16;
  }

  /** The indent a block dropped `offsetPx` right of the answer list's left edge gets. */
  function dropIndent(offsetPx, stepPx, maxIndent) {
    return stepPx > 0 ? clamp(Math.round(offsetPx / stepPx), 0, maxIndent) : 0;
  }

  /** The submitted value: the answer list with each block's HTML, as PrairieLearn's page sends it. */
  function answerJson(state, htmlByUuid) {
    return JSON.stringify(state.answer.map((b) => ({ inner_html: htmlByUuid[b.uuid] ?? '', indent: b.indent, uuid: b.uuid })));
  }

  /**
   * The state that a (restored) hidden value describes, over the blocks shown; blocks it does not
   * name stay in the source in their shown order. An empty value (the page as rendered: the lists
   * decide) or an unreadable one gives null.
   */
  function stateFromValue(value, shown, maxIndent) {
    if (!value) return null;
    let placed;
    try {
      placed = JSON.parse(value);
    } catch {
      return null;
    }
    if (!Array.isArray(placed)) return null;
    const known = new Set(shown);
    const answer = [];
    for (const p of placed) {
      if (p && known.has(p.uuid) && !answer.some((b) => b.uuid === p.uuid)) {
        answer.push({ uuid: p.uuid, indent: clamp(Number(p.indent) || 0, 0, maxIndent) });
      }
    }
    return { source: shown.filter((u) => !answer.some((b) => b.uuid === u)), answer };
  }

  const logic = { moveBlock, keyMove, dropIndex, dropIndent, listAt, isDrag, answerJson, stateFromValue };
  if (typeof module === 'object' && module.exports) {
    module.exports = logic;
    return;
  }

  function setup(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = 'true';
    const disabled = root.dataset.disabled === 'true';
    const sourceList = root.querySelector('.pl-order-blocks-source');
    const answerList = root.querySelector('.pl-order-blocks-answer');
    const input = root.querySelector('input[type=hidden]');
    if (!sourceList || !answerList || !input) return;
    const maxIndent = root.dataset.indentation === 'true' ? Number(root.dataset.maxIndent || 4) : 0;
    const items = {};
    const html = {};
    for (const li of root.querySelectorAll('.pl-order-block')) {
      items[li.dataset.uuid] = li;
      // The block's own HTML as the question wrote it, not the page's rendering of it (pl-code inside).
      html[li.dataset.uuid] = li.dataset.innerHtml ?? li.querySelector('.pl-order-block-content').innerHTML;
    }
    const shownSource = Array.from(sourceList.children).map((li) => li.dataset.uuid);
    const shownAnswer = Array.from(answerList.children).map((li) => ({ uuid: li.dataset.uuid, indent: Number(li.dataset.indent || 0) }));
    // The hidden value wins over the rendered lists: the preview restores typed answers into it.
    let state = stateFromValue(input.value, [...shownAnswer.map((b) => b.uuid), ...shownSource], maxIndent) ?? { source: shownSource, answer: shownAnswer };
    if (disabled) return;

    const live = document.createElement('span');
    live.className = 'visually-hidden';
    live.setAttribute('aria-live', 'polite');
    root.append(live);

    function show(focusUuid) {
      for (const uuid of state.source) {
        const li = items[uuid];
        li.dataset.indent = '0';
        li.style.marginLeft = '0';
        sourceList.append(li);
      }
      for (const b of state.answer) {
        const li = items[b.uuid];
        li.dataset.indent = String(b.indent);
        li.style.marginLeft = b.indent * 2 + 'em';
        answerList.append(li);
      }
      input.value = answerJson(state, html);
      if (focusUuid) {
        // The preview keeps typed answers across re-renders by listening to the form's changes.
        input.dispatchEvent(new Event('change', { bubbles: true }));
        items[focusUuid].focus();
        const at = where(state, focusUuid);
        live.textContent = at.list === 'answer'
          ? `Answer position ${at.index + 1} of ${state.answer.length}${maxIndent ? `, indent ${at.indent}` : ''}`
          : `Source position ${at.index + 1} of ${state.source.length}`;
      }
    }

    function button(label, text, action) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn btn-sm btn-outline-secondary ms-1';
      b.setAttribute('aria-label', label);
      b.tabIndex = -1; // the block itself takes the keys; the buttons are for the mouse
      b.textContent = text;
      b.addEventListener('click', (e) => {
        e.preventDefault();
        const uuid = b.closest('li').dataset.uuid;
        const next = keyMove(state, uuid, action, maxIndent);
        if (next) {
          state = next;
          show(uuid);
        }
      });
      return b;
    }

    for (const [uuid, li] of Object.entries(items)) {
      li.tabIndex = 0;
      li.setAttribute('aria-roledescription', 'movable block');
      li.title = 'Drag, or use Enter to move between lists, arrow keys to reorder' + (maxIndent ? ' and indent' : '');
      const tools = document.createElement('span');
      tools.className = 'float-end pl-order-block-tools';
      tools.append(button('Move between lists', '⇄', 'Enter'), button('Move up', '↑', 'ArrowUp'), button('Move down', '↓', 'ArrowDown'));
      if (maxIndent) tools.append(button('Indent less', '←', 'ArrowLeft'), button('Indent more', '→', 'ArrowRight'));
      li.append(tools);
      li.addEventListener('keydown', (e) => {
        if (e.target !== li || e.altKey || e.ctrlKey || e.metaKey) return;
        const next = keyMove(state, uuid, e.key, maxIndent);
        if (!next) return;
        e.preventDefault(); // Enter would otherwise submit the form
        state = next;
        show(uuid);
      });
    }

    // Dragging with pointer events, as PrairieLearn's page drags with mouse events, not HTML drag and drop:
    // Chromium gives a native drag to whatever block is under the press point when the pointer first moves,
    // so a page scrolled in between (a VS Code webview scrolling the drop target into view) dragged the
    // neighbouring block. Here the block pressed is the block moved, and the drop is placed from the
    // pointer's client position over the lists' client rectangles, both read at the same moment.
    const lists = [['source', sourceList], ['answer', answerList]];
    let drag = null;
    /** Ends the drag; `drop` (the pointer's client position) places the block, null cancels. */
    function endDrag(drop) {
      if (!drag) return;
      const { uuid, li, pointerId, moved, grabX } = drag;
      drag = null;
      li.classList.remove('pl-order-block-dragging');
      li.style.transform = '';
      if (li.hasPointerCapture(pointerId)) li.releasePointerCapture(pointerId);
      for (const [, l] of lists) l.classList.remove('pl-order-blocks-drop-target');
      if (!drop || !moved) return;
      const at = listAt(lists.map(([, l]) => l.getBoundingClientRect()), drop.clientX, drop.clientY);
      if (at < 0) return;
      const [name, list] = lists[at];
      const others = Array.from(list.children).filter((o) => o !== li);
      const index = dropIndex(others.map((o) => { const r = o.getBoundingClientRect(); return r.top + r.height / 2; }), drop.clientY);
      const step = 2 * parseFloat(getComputedStyle(list).fontSize || '16');
      const left = drop.clientX - grabX - list.getBoundingClientRect().left;
      state = moveBlock(state, uuid, name, index, name === 'answer' ? dropIndent(left, step, maxIndent) : 0, maxIndent);
      show(uuid);
    }
    for (const [uuid, li] of Object.entries(items)) {
      li.addEventListener('pointerdown', (e) => {
        if (e.button !== 0 || !e.isPrimary || e.target.closest('button')) return;
        // grabX: where in the block it was grabbed, so the indent follows the block's left edge, not the pointer.
        const r = li.getBoundingClientRect();
        drag = { uuid, li, pointerId: e.pointerId, x: e.clientX, y: e.clientY, scrollX, scrollY, grabX: e.clientX - r.left, moved: false };
        li.setPointerCapture(e.pointerId);
      });
      li.addEventListener('pointermove', (e) => {
        if (!drag || drag.li !== li || e.pointerId !== drag.pointerId) return;
        // The block follows the pointer, also when the page scrolled since the press.
        const dx = e.clientX - drag.x + (scrollX - drag.scrollX);
        const dy = e.clientY - drag.y + (scrollY - drag.scrollY);
        if (!drag.moved && !isDrag(dx, dy)) return;
        drag.moved = true;
        li.classList.add('pl-order-block-dragging');
        li.style.transform = `translate(${dx}px, ${dy}px)`;
        const at = listAt(lists.map(([, l]) => l.getBoundingClientRect()), e.clientX, e.clientY);
        lists.forEach(([, l], i) => l.classList.toggle('pl-order-blocks-drop-target', i === at));
      });
      li.addEventListener('pointerup', (e) => {
        if (drag && drag.li === li && e.pointerId === drag.pointerId) endDrag({ clientX: e.clientX, clientY: e.clientY });
      });
      li.addEventListener('pointercancel', () => endDrag(null));
      li.addEventListener('lostpointercapture', () => endDrag(null));
      li.addEventListener('keydown', (e) => {
        if (e.key === 'Escape' && drag) endDrag(null);
      });
    }
    show();
  }

  function all() {
    document.querySelectorAll('.pl-order-blocks[data-answers-name]').forEach(setup);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', all);
  else all();
})();
