// pl-image-capture in the page: the image goes, as a data URL, into the hidden field that parse() reads
// (which stores it as a JPEG file). A file picker always works; the webcam is tried where the webview
// allows it (VS Code's webviews usually do not grant a camera, and then the element says so). Capturing
// with a phone needs PrairieLearn's server, which the preview does not have: the element says that too.
//
// The pure part (the size an image is scaled to) is unit-tested in node through module.exports.
(function () {
  // PrairieLearn scales a capture so that neither side exceeds 2000 px.
  const MAX_SIDE = 2000;
  function scaledSize(width, height) {
    const factor = MAX_SIDE / Math.max(width, height);
    return factor >= 1 ? null : { width: Math.round(width * factor), height: Math.round(height * factor) };
  }
  if (typeof module === 'object' && module.exports) {
    module.exports = { scaledSize, MAX_SIDE };
    return;
  }

  function loadImage(url) {
    return new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error('not an image'));
      img.src = url;
    });
  }

  /** `url` as it is submitted: as is, or drawn smaller into a JPEG when a side is over 2000 px. */
  async function submittedUrl(url) {
    const img = await loadImage(url);
    const size = scaledSize(img.naturalWidth, img.naturalHeight);
    if (!size) return url;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d').drawImage(img, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg');
  }

  function setup(el) {
    if (el.dataset.ready) return;
    el.dataset.ready = 'true';
    const options = JSON.parse(el.dataset.options || '{}');
    const input = el.querySelector('input[type=hidden]');
    if (!options.editable || !input) return;
    const view = el.querySelector('.pl-image-capture-view');
    const note = el.querySelector('.pl-image-capture-note');
    const picker = el.querySelector('input[type=file]');
    const remove = el.querySelector('.pl-image-capture-delete');
    const camera = el.querySelector('.pl-image-capture-camera');
    const video = camera.querySelector('video');
    let stream = null;
    const say = (text) => (note.textContent = text);
    const ways = ['the webcam', ...(options.mobile_capture_enabled ? ['a phone'] : []), ...(options.manual_upload_enabled ? ['an uploaded file'] : [])];
    say(`In PrairieLearn the image comes from ${ways.join(' or ')}. The preview offers the webcam where VS Code allows it, and a file picker.`);

    const show = (url) => {
      if (!url) {
        const empty = document.createElement('p');
        empty.className = 'pl-image-capture-empty text-muted';
        empty.textContent = 'No image captured yet.';
        view.replaceChildren(empty);
      } else {
        const img = document.createElement('img');
        img.className = 'pl-image-capture-preview';
        img.alt = `Captured image ${options.file_name}`;
        img.src = url;
        view.replaceChildren(img);
      }
      remove.hidden = !url;
    };
    const set = async (url) => {
      try {
        input.value = url ? await submittedUrl(url) : '';
      } catch {
        say('That file is not an image the page can read; choose a JPEG or PNG image.');
        return;
      }
      show(input.value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    show(input.value);

    picker.addEventListener('change', () => {
      const file = picker.files && picker.files[0];
      if (!file) return;
      const reader = new FileReader();
      reader.onload = () => set(String(reader.result));
      reader.onerror = () => say('The file could not be read.');
      reader.readAsDataURL(file);
      picker.value = '';
    });
    remove.addEventListener('click', () => set(''));

    const stop = () => {
      if (stream) for (const track of stream.getTracks()) track.stop();
      stream = null;
      camera.hidden = true;
    };
    el.querySelector('.pl-image-capture-webcam').addEventListener('click', async () => {
      if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
        say('This preview has no camera access (VS Code\'s webview does not offer one); use Upload image instead.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (e) {
        say(`The camera is not available here (${e && e.name ? e.name : 'refused'}); use Upload image instead.`);
        return;
      }
      video.srcObject = stream;
      camera.hidden = false;
      await video.play().catch(() => undefined);
    });
    camera.querySelector('.pl-image-capture-cancel').addEventListener('click', stop);
    camera.querySelector('.pl-image-capture-shoot').addEventListener('click', () => {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d').drawImage(video, 0, 0);
      stop();
      set(canvas.toDataURL('image/jpeg'));
    });
  }

  function setupAll() {
    document.querySelectorAll('.pl-image-capture[data-options]').forEach(setup);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setupAll);
  else setupAll();
})();
