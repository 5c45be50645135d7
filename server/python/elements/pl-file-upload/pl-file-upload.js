// pl-file-upload: reads the chosen files and stores them in the hidden field as JSON
// [{name, contents (base64)}], the form PrairieLearn submits them in.
(function () {
  function read(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve({ name: file.name, contents: String(reader.result).replace(/^data:[^,]*,/, '') });
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
  }
  function setup() {
    for (const input of document.querySelectorAll('.pl-file-upload input[type=file][data-target]')) {
      const hidden = input.parentElement.querySelector(`input[name="${input.dataset.target}"]`);
      input.addEventListener('change', async () => {
        hidden.value = JSON.stringify(await Promise.all(Array.from(input.files).map(read)));
      });
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup); else setup();
})();
