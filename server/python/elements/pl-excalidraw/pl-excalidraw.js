// pl-excalidraw in the page: each .pl-excalidraw[data-metadata] becomes an Excalidraw canvas (the
// library and React, bundled in the extension, load as the global `PlExcalidraw` when a panel has one).
// An editable canvas writes its scene (Excalidraw's JSON) into the element's hidden input a moment after
// each change; the input gets the scene the canvas opens with first (the controller leaves it empty, as
// PrairieLearn's), so if the library is missing or the scene cannot be read, the page says so and saving
// again keeps the drawing.
(function () {
  /** The controller's metadata: base64 of UTF-8 JSON. */
  function decodeMetadata(text) {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  function showMessage(root, text) {
    const p = document.createElement('p');
    p.className = 'pl-excalidraw-message';
    p.textContent = `pl-excalidraw: ${text}`;
    root.replaceChildren(p);
  }

  function canvas(lib, input, metadata, scene) {
    const { ExcalidrawLib, React } = lib;
    const h = React.createElement;
    return function Canvas() {
      const [api, setApi] = React.useState(null);
      const [version, setVersion] = React.useState(0);
      const seen = React.useRef(0);
      const [unsaved, setUnsaved] = React.useState(false);
      React.useEffect(() => {
        if (!api || metadata.read_only || !input) return undefined;
        const timer = setTimeout(() => {
          input.value = ExcalidrawLib.serializeAsJSON(api.getSceneElements(), api.getAppState(), api.getFiles(), 'local');
          input.dispatchEvent(new Event('change', { bubbles: true }));
          setUnsaved(false);
        }, 250);
        return () => clearTimeout(timer);
      }, [api, version]);
      const footer = metadata.read_only
        ? null
        : h(ExcalidrawLib.Footer, null, h('span', { className: unsaved ? 'pl-excalidraw-state unsaved' : 'pl-excalidraw-state' }, unsaved ? 'Unsaved' : 'Saved'));
      return h('div', { style: { width: metadata.width, height: metadata.height } },
        h(ExcalidrawLib.Excalidraw, {
          initialData: scene,
          viewModeEnabled: metadata.read_only,
          zenModeEnabled: false,
          aiEnabled: false,
          isCollaborating: false,
          excalidrawAPI: setApi,
          onChange: (elements) => {
            const v = ExcalidrawLib.getSceneVersion(elements);
            if (v <= seen.current) return;
            seen.current = v;
            setUnsaved(true);
            setVersion(v);
          },
        },
        h(ExcalidrawLib.MainMenu, null,
          h(ExcalidrawLib.MainMenu.DefaultItems.ClearCanvas),
          h(ExcalidrawLib.MainMenu.DefaultItems.SaveAsImage)),
        footer));
    };
  }

  async function start(root, lib) {
    let metadata;
    try {
      metadata = decodeMetadata(root.getAttribute('data-metadata') || '');
    } catch (err) {
      showMessage(root, `the canvas settings could not be read (${String((err && err.message) || err)}).`);
      return;
    }
    const input = document.getElementById(`excalidraw-input-${root.getAttribute('data-uuid')}`);
    // A value already there is a drawing the preview put back after a re-render: it wins.
    if (input && !input.value && metadata.initial_content) input.value = metadata.initial_content;
    if (!lib) {
      showMessage(root, 'the Excalidraw library is not loaded in this page, so the drawing is not shown; saving keeps the drawing as it was.');
      return;
    }
    let scene = {};
    // An editable canvas opens with its input's scene: the preview may have put back a drawing made before a re-render.
    const content = (!metadata.read_only && input && input.value) || metadata.initial_content;
    if (content) {
      try {
        scene = await lib.ExcalidrawLib.loadFromBlob(new Blob([content]), null, null);
      } catch (err) {
        showMessage(root, `this drawing is not a scene Excalidraw can open (${String((err && err.message) || err)}); saving keeps it as it was.`);
        return;
      }
    }
    root.removeAttribute('data-metadata');
    root.replaceChildren();
    root.classList.add('excalidraw-root');
    lib.ReactDOM.createRoot(root).render(lib.React.createElement(canvas(lib, input, metadata, scene)));
  }

  function startAll() {
    const roots = document.querySelectorAll('.pl-excalidraw[data-metadata]');
    if (!roots.length) return;
    const lib = typeof PlExcalidraw === 'undefined' ? null : PlExcalidraw;
    for (const root of roots) {
      start(root, lib).catch((err) => showMessage(root, `the canvas failed to start (${String((err && err.message) || err)}); saving keeps the drawing as it was.`));
    }
  }

  if (typeof document !== 'undefined') {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startAll);
    else startAll();
  }
  if (typeof module !== 'undefined') module.exports = { decodeMetadata };
})();
