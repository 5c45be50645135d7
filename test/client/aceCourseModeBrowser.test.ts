// A course's own Ace mode for pl-file-editor (ace-mode="ace/mode/<name>" with the file
// ace/mode/mode-<name>.js in clientFilesCourse, the lookup of PrairieLearn's elements/pl-file-editor/
// pl-file-editor.py at 88fb855) in a real Chromium on the preview's page and policy: the element's render
// names the file by its placeholder URL, the preview's own mapping (rewritePlfileUrls) turns it into the
// course file's resource URL, and Ace loads the mode from there; nothing comes from the network. Chromium and
// playwright-core come from test/vscode/setup.sh; without them the test skips (a failure under CI=true).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { rewritePlfileUrls } from '../../client/src/questionPreview/plfileUrls';
import { plfileUrl } from '../../server/lib/protocol';
import { ELEMENTS_DIR, phaseData, runElement } from '../lib/runtime/elementHarness';
import { launchChromium, playwright, previewFile, webviewTab } from './chromium';

const EDITOR = '<pl-file-editor file-name="walk.turtle" ace-mode="ace/mode/turtle_walk">forward 10\nturn 90</pl-file-editor>';

/** A mode as a course writes one for ace-builds: its rules and its Mode, each an ace.define. */
const MODE = `ace.define("ace/mode/turtle_walk_highlight_rules", ["require", "exports", "module", "ace/lib/oop", "ace/mode/text_highlight_rules"], function (require, exports) {
  var oop = require("ace/lib/oop");
  var TextHighlightRules = require("ace/mode/text_highlight_rules").TextHighlightRules;
  var Rules = function () {
    this.$rules = { start: [{ token: "keyword", regex: "\\\\b(?:forward|turn)\\\\b" }, { token: "constant.numeric", regex: "\\\\d+" }] };
  };
  oop.inherits(Rules, TextHighlightRules);
  exports.TurtleWalkHighlightRules = Rules;
});
ace.define("ace/mode/turtle_walk", ["require", "exports", "module", "ace/lib/oop", "ace/mode/text", "ace/mode/turtle_walk_highlight_rules"], function (require, exports) {
  var oop = require("ace/lib/oop");
  var TextMode = require("ace/mode/text").Mode;
  var Mode = function () { this.HighlightRules = require("ace/mode/turtle_walk_highlight_rules").TurtleWalkHighlightRules; };
  oop.inherits(Mode, TextMode);
  Mode.prototype.$id = "ace/mode/turtle_walk";
  exports.Mode = Mode;
});
`;

test("a course's own Ace mode loads in the preview from the course folder, under the page's policy", { timeout: 120_000 }, async (t) => {
  const pw = playwright();
  if (typeof pw === 'string') {
    if (process.env.CI === 'true') assert.fail(`no Chromium/playwright-core: ${pw}`);
    t.skip(pw);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-ace-course-mode-'));
  const courseRoot = path.join(dir, 'course');
  const questionDir = path.join(courseRoot, 'questions', 'walk');
  const modeFile = path.join(courseRoot, 'clientFilesCourse', 'ace', 'mode', 'mode-turtle_walk.js');
  fs.mkdirSync(path.dirname(modeFile), { recursive: true });
  fs.mkdirSync(questionDir, { recursive: true });
  fs.writeFileSync(modeFile, MODE);
  // The options the runtime gives render (server/lib/runtime: phaseData.ts, urls.ts).
  const options = {
    ...phaseData('render').options,
    client_files_question_path: path.join(questionDir, 'clientFilesQuestion'), client_files_question_url: plfileUrl('clientFilesQuestion'),
    client_files_course_path: path.join(courseRoot, 'clientFilesCourse'), client_files_course_url: plfileUrl('clientFilesCourse'),
  };
  const rendered = runElement('pl-file-editor', 'render', EDITOR, phaseData('render-question', { options })).html ?? '';
  assert.match(rendered, /data-ace-mode-url="plfile:\/clientFilesCourse\/ace\/mode\/mode-turtle_walk\.js"/);
  const question = rewritePlfileUrls(rendered, { courseRoot, questionDir, coreElements: ELEMENTS_DIR }, (file) => `file://${file}`, new Map());
  const browser = await launchChromium(pw);
  try {
    const { tab, errors } = await webviewTab(browser);
    const requested: string[] = [];
    tab.on('request', (r: any) => requested.push(r.url()));
    await tab.goto(previewFile(path.join(dir, 'page.html'), {
      panels: { question }, elementFiles: ['pl-file-editor/pl-file-editor.css', 'pl-file-editor/pl-file-editor.js'], libraries: ['ace'],
    }));
    await tab.waitForSelector('.pl-file-editor .ace_keyword');
    assert.deepEqual(await tab.evaluate(`[...document.querySelectorAll('.pl-file-editor .ace_keyword')].map((e) => e.textContent)`), ['forward', 'turn']);
    assert.equal(await tab.evaluate(`ace.edit(document.querySelector('.pl-file-editor .ace_editor')).session.getMode().$id`), 'ace/mode/turtle_walk');
    assert.ok(requested.includes(`file://${modeFile}`), 'the mode came from the course folder');
    assert.deepEqual(requested.filter((u) => !u.startsWith('file://')), [], 'nothing from the network');
    assert.deepEqual(errors, [], 'no script errors and no CSP violations');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
