// The preview page's pure parts: placeholder URLs of the runtime rewritten for the webview, and the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dynamicPlfileUrls, plfileTarget, rewritePlfileUrls, type PlfileRoots } from '../../client/src/questionPreview/plfileUrls';
import { contentSecurityPolicy, messagePage, previewPage, scoreText, type PageAssets } from '../../client/src/questionPreview/previewPage';
import type { PreviewState } from '../../server/lib/protocol/questionPreview';

const roots: PlfileRoots = { courseRoot: '/c', questionDir: '/c/questions/q1', coreElements: '/ext/server/python/elements' };
const local = (file: string) => `https://file+.vscode-resource${file}`;

test('each placeholder area maps to its folder, and nothing climbs out of it', () => {
  assert.deepEqual(plfileTarget('plfile:/clientFilesQuestion/img/a%20b.png', roots), { kind: 'local', file: '/c/questions/q1/clientFilesQuestion/img/a b.png' });
  assert.deepEqual(plfileTarget('plfile:/clientFilesCourse/x.css', roots), { kind: 'local', file: '/c/clientFilesCourse/x.css' });
  assert.deepEqual(plfileTarget('plfile:/courseElements/my-el/my-el.js', roots), { kind: 'local', file: '/c/elements/my-el/my-el.js' });
  assert.deepEqual(plfileTarget('plfile:/courseElementExtensions/pl-a/ext/e.js', roots), { kind: 'local', file: '/c/elementExtensions/pl-a/ext/e.js' });
  assert.deepEqual(plfileTarget('plfile:/coreElements/pl-order-blocks/x.js', roots), { kind: 'local', file: '/ext/server/python/elements/pl-order-blocks/x.js' });
  assert.deepEqual(plfileTarget('plfile:/generatedFilesQuestion/variant/fig.png', roots), { kind: 'dynamic' });
  assert.deepEqual(plfileTarget('plfile:/submissionFiles/0/a.py', roots), { kind: 'dynamic' });
  assert.deepEqual(plfileTarget('plfile:/coreStyles/pl.css', roots), { kind: 'unavailable' });
  assert.deepEqual(plfileTarget('plfile:/clientFilesQuestion/../../../etc/passwd', roots), { kind: 'unavailable' });
  assert.deepEqual(plfileTarget('plfile:/clientFilesCourse/..%2F..%2Fsecret', roots), { kind: 'unavailable' });
  assert.deepEqual(plfileTarget('plfile:/clientFilesCourse/%E0%A4%A', roots), { kind: 'unavailable' }, 'bad escapes');
  // A legacy v2 question's questionFile(): its own folder, but never its server code.
  assert.deepEqual(plfileTarget('plfile:/questionFiles/fig.png', roots), { kind: 'local', file: '/c/questions/q1/fig.png' });
  assert.deepEqual(plfileTarget('plfile:/questionFiles/server.js', roots), { kind: 'unavailable' });
  assert.deepEqual(plfileTarget('plfile:/questionFiles/../q2/fig.png', roots), { kind: 'unavailable' });
});

test('rewriting: local files become webview URIs, made files the URLs of their written copies, unshipped assets vanish with their tags', () => {
  const html =
    '<img src="plfile:/clientFilesQuestion/fig.png"><img src="plfile:/generatedFilesQuestion/variant/plot.png">' +
    "<a href='plfile:/clientFilesCourse/notes.pdf'>notes</a>";
  assert.deepEqual(dynamicPlfileUrls(html, roots), ['plfile:/generatedFilesQuestion/variant/plot.png']);
  const dynamic = new Map([['plfile:/generatedFilesQuestion/variant/plot.png', 'https://file+.vscode-resource/tmp/pl-preview-files-x/ab12-0.png']]);
  assert.equal(
    rewritePlfileUrls(html, roots, local, dynamic),
    '<img src="https://file+.vscode-resource/c/questions/q1/clientFilesQuestion/fig.png"><img src="https://file+.vscode-resource/tmp/pl-preview-files-x/ab12-0.png">' +
      "<a href='https://file+.vscode-resource/c/clientFilesCourse/notes.pdf'>notes</a>",
  );
  const head = '<link href="plfile:/coreStyles/pl.css" rel="stylesheet">\n<script src="plfile:/node_modules/jquery/jquery.js"></script>\n<script src="plfile:/coreElements/pl-x/x.js"></script>';
  assert.equal(rewritePlfileUrls(head, roots, local, new Map()), '\n\n<script src="https://file+.vscode-resource/ext/server/python/elements/pl-x/x.js"></script>');
  assert.equal(rewritePlfileUrls('<img src="plfile:/generatedFilesQuestion/variant/missing.png">', roots, local, new Map()), '<img src="">', 'a file that could not be made');
});

const assets: PageAssets = { nonce: 'N0NCE', cspSource: 'https://res', katexCss: 'k.css', katexJs: 'k.js', katexAutoRender: 'ar.js' };

function state(over: Partial<PreviewState> = {}): PreviewState {
  return {
    session: 's',
    courseRoot: '/c',
    qid: 'alg/q1',
    seed: 'abc',
    broken: false,
    params: {},
    correctAnswers: {},
    rendered: { questionHtml: '', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [] },
    submissions: [],
    issues: [],
    sameVariant: false,
    ...over,
  };
}

test("the page: no network in its CSP, the render's nonce for its own scripts, the seed, score and tracebacks", () => {
  // The runtime wrote the nonce on the question's scripts; the page adds none (the value's text stays a value).
  const question = '<p>$x$</p><script nonce="R3NDER">init()</script><input value="&lt;script x&gt;">';
  const html = previewPage(
    {
      state: state({
        submissions: [{ action: 'grade', score: 0.5, graded: true, gradable: true, broken: false, formatErrors: {} }],
        issues: [{ message: 'ValueError: no', fatal: true, phase: 'generate', file: '/c/questions/q1/server.py', line: 7, traceback: 'Traceback <x>\nValueError: no' }],
        rendered: { questionHtml: question, submissionHtmls: ['<p>sub</p>'], answerHtml: '<p>ans</p>', headHtml: '', unsupportedElements: ['pl-drawing'], issues: [], nonce: 'R3NDER' },
      }),
      panels: { question, submissions: ['<p>sub</p><script>notRun()</script>'], answer: '<p>ans</p>', head: '<script src="https://res/x.js" nonce="R3NDER"></script>' },
      typed: { x: '</script><b>' },
    },
    assets,
  );
  const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src https:\/\/res 'nonce-R3NDER' 'wasm-unsafe-eval'/, "WebAssembly (pl-graph's Graphviz) compiles; eval stays off");
  assert.doesNotMatch(csp, /'unsafe-eval'/);
  assert.match(csp, /base-uri 'none'/);
  assert.doesNotMatch(csp, /https?:\/\/(?!res)/, 'nothing from the network');
  assert.ok(html.includes('<script>notRun()</script>'), 'a script the runtime did not mark gets no nonce from the page');
  assert.ok(html.includes('value="&lt;script x&gt;"'));
  for (const tag of html.match(/<script\b[^>]*>/g)!) if (!tag.includes('application/json') && tag !== '<script>') assert.match(tag, /nonce="R3NDER"/, tag);
  assert.match(html, /id="seed" value="abc"/);
  assert.match(html, /Score: 50%/);
  assert.match(html, /server\.py:7/);
  assert.match(html, /Traceback &lt;x&gt;/);
  assert.match(html, /&lt;pl-drawing&gt;/);
  assert.match(html, /Correct answer/);
  assert.ok(!html.includes('</script><b>'), 'typed answers cannot close their script tag');
});

test('a submission preview runs only scripts with the nonce: no script from the webview\'s files, no Ace, no Save', () => {
  const html = previewPage(
    {
      state: state({ rendered: { questionHtml: '<pl-file-editor-like class="pl-file-editor"></pl-file-editor-like>', submissionHtmls: [], headHtml: '', unsupportedElements: [], issues: [], nonce: 'R3NDER' } }),
      panels: { question: '<div class="pl-file-editor"></div>', submissions: [], head: '' },
      readOnly: { title: 'Submission 7' },
    },
    { ...assets, aceBase: 'https://res/ace/' },
  );
  const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
  assert.match(csp, /script-src 'nonce-R3NDER' 'wasm-unsafe-eval'(;|$)/);
  assert.match(csp, /frame-src 'none'/);
  assert.doesNotMatch(html, /id="pl-ace"|id="save"|id="grade"/);
  assert.match(contentSecurityPolicy(assets, false), /script-src https:\/\/res 'nonce-N0NCE' 'wasm-unsafe-eval'/);
});

test('score lines follow the submission', () => {
  const base = { action: 'grade' as const, score: null, graded: false, gradable: true, broken: false, formatErrors: {} };
  assert.equal(scoreText(undefined), undefined);
  assert.equal(scoreText({ ...base, score: 1, graded: true }), 'Score: 100%');
  assert.equal(scoreText({ ...base, action: 'save' }), 'Saved, not graded.');
  assert.equal(scoreText({ ...base, gradable: false, formatErrors: { x: 'bad' } }), 'Invalid, not gradable: x.');
  assert.match(scoreText({ ...base, broken: true })!, /Broken submission/);
  assert.equal(scoreText({ ...base, note: 'External grading is not run here.' }), 'External grading is not run here.');
});

test('without Python the page says why and offers Create Python Environment; other failures do not', () => {
  const page = messagePage('No Python to run this question', 'python3: has no numpy module <apt-get install python3-numpy>', assets, true);
  assert.match(page, /has no numpy module &lt;apt-get install python3-numpy&gt;/);
  assert.match(page, /<button id="create-python">Create Python Environment<\/button>/);
  assert.match(page, /default-src 'none'/);
  assert.doesNotMatch(messagePage('The preview failed', 'x', assets, false), /create-python"/);
});
