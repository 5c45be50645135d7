// pl-file-editor: keeps the hidden base64 field in step with the textarea (PrairieLearn submits the
// editor's text base64-encoded under _file_editor_<sha1 of file-name>).
(function () {
  function encode(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }
  function setup() {
    for (const area of document.querySelectorAll('.pl-file-editor textarea[data-target]')) {
      const hidden = area.parentElement.querySelector(`input[name="${area.dataset.target}"]`);
      area.addEventListener('input', () => { hidden.value = encode(area.value); });
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup); else setup();
})();
