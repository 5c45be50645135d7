// pl-symbolic-input with formula-editor="true": the answer travels in a hidden field, as PrairieLearn's
// formula editor submits it; a plain text box (marked data-answer-for) stands in for the math field and
// this script keeps the hidden field equal to what is typed. A value the preview put back into the hidden
// field after a re-render is shown in the box again.
(function () {
  function connect(box) {
    if (box.dataset.symbolicInputConnected) return;
    const form = box.form || document;
    const name = box.getAttribute('data-answer-for');
    const hidden = [...form.querySelectorAll('input[type="hidden"]')].find((e) => e.name === name);
    if (!hidden) return;
    box.dataset.symbolicInputConnected = 'true';
    if (hidden.value !== '') box.value = hidden.value;
    else hidden.value = box.value;
    box.addEventListener('input', () => {
      hidden.value = box.value;
    });
  }

  function connectAll() {
    document.querySelectorAll('input[data-answer-for]').forEach(connect);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', connectAll);
  else connectAll();
})();
