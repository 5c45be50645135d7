// pl-drawing through the whole runtime, with a course element extension as the real courses have
// them (elementExtensions/pl-drawing/<name>/): the variant's correct answer holds the answer objects,
// the page carries the initial objects and the buttons (extension kinds included, with their
// clientFilesExtension address, only given at render as in PrairieLearn), the JSON a student's page submits is graded with PrairieLearn's
// tolerances and partial credit, a blank submission is the format error PrairieLearn gives, and
// PrairieLearn's Test (correct, incorrect, invalid) passes.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { QuestionRuntime } from '../../../server/lib/runtime';

const runtime = new QuestionRuntime({ timeoutMs: 20000, memoryMb: 1024, poolSize: 1 });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-drawing-course-'));
after(async () => {
  await runtime.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

const QUESTION = `<pl-question-panel><p>Draw the weight and mark the pin.</p></pl-question-panel>
<pl-drawing gradable="true" answers-name="fbd" width="300" height="200" grid-size="20">
  <pl-drawing-initial><pl-rectangle x1="{{params.x}}" y1="120" width="80" height="40"></pl-rectangle><pl-pin-mark x="40"></pl-pin-mark></pl-drawing-initial>
  <pl-drawing-answer><pl-vector x1="{{params.x}}" y1="120" angle="90"></pl-vector><pl-point x1="60" y1="60"></pl-point></pl-drawing-answer>
  <pl-controls><pl-controls-group label="Add"><pl-drawing-button type="pl-vector"></pl-drawing-button>
  <pl-drawing-button type="pl-point"></pl-drawing-button><pl-drawing-button type="pl-pin-mark"></pl-drawing-button></pl-controls-group></pl-controls>
</pl-drawing>`;
const EXTENSION = `import prairielearn as pl
elements = pl.load_host_script("elements.py")


class PinMark(elements.BaseElement):
    def generate(el, data):
        return {"left": pl.get_float_attrib(el, "x", 0), "top": 10, "image_url": f"{data['clientFilesUrl']}/pin.svg"}

    def get_attributes():
        return ["x"]


elements = {"pl-pin-mark": PinMark}
`;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}
write('infoCourse.json', JSON.stringify({ uuid: '5d0c2a1e-7f3b-4e6a-9c8d-1b2a3c4d5e70', name: 'D', title: 'D', topics: [] }));
write('questions/fbd/info.json', JSON.stringify({ uuid: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c70', title: 'fbd', topic: 'T', type: 'v3' }));
write('questions/fbd/question.html', QUESTION);
write('questions/fbd/server.py', 'def generate(data):\n    data["params"]["x"] = 140\n');
write('elementExtensions/pl-drawing/pin-mark/info.json', JSON.stringify({ controller: 'pin-mark.py' }));
write('elementExtensions/pl-drawing/pin-mark/pin-mark.py', EXTENSION);

/** The object a student's page submits: the button's object moved to (left, top), at `angle`. */
function placed(button: Record<string, any>, id: number, left: number, top: number, angle?: number) {
  return { ...button, id, left, top, ...(angle === undefined ? {} : { angle }) };
}

test('a pl-drawing question renders, grades placed objects with partial credit, and passes Test', async () => {
  const v = await runtime.createVariant(root, 'fbd', '1');
  assert.equal(v.broken, false, JSON.stringify(v.issues));
  const answers = v.correctAnswers.fbd as Array<Record<string, any>>;
  assert.deepEqual(answers.map((o) => [o.type, o.graded]), [['pl-rectangle', false], ['pl-pin-mark', false], ['pl-vector', true], ['pl-point', true]]);

  const page = await runtime.render(v);
  assert.deepEqual(page.unsupportedElements, []);
  assert.deepEqual(page.issues, []);
  const attr = (name: string, html: string) => JSON.parse((html.match(new RegExp(`${name}="([^"]*)"`)) ?? [])[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&'));
  const objects = attr('data-objects', page.questionHtml);
  assert.deepEqual(objects.map((o: any) => o.type), ['pl-rectangle', 'pl-pin-mark']);
  assert.equal(objects[1].image_url, 'plfile:/courseElementExtensions/pl-drawing/pin-mark/clientFilesExtension/pin.svg');
  const buttons = [...page.questionHtml.matchAll(/class="btn btn-primary pl-drawing-button"[^>]*data-options="([^"]*)"/g)]
    .map((m) => JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')));
  assert.deepEqual(buttons.map((b) => b.type), ['pl-vector', 'pl-point', 'pl-pin-mark']);

  const grade = async (objs: unknown[]) => runtime.submit(v, { fbd: JSON.stringify(objs) }, 'grade');
  const right = await grade([placed(buttons[0], 10, 145, 118, 95), placed(buttons[1], 11, 55, 66)]);
  assert.equal(right.score, 1, JSON.stringify(right.formatErrors));
  assert.equal((await grade([placed(buttons[0], 10, 145, 118, 120), placed(buttons[1], 11, 55, 66)])).score, 0.5, 'the vector is 30 degrees off');
  const extra = await grade([placed(buttons[0], 10, 140, 120, 90), placed(buttons[1], 11, 60, 60), placed(buttons[1], 12, 200, 20)]);
  assert.equal(extra.score, 0.5, 'all found, one extra object of two required takes half off');
  const blank = await runtime.submit(v, { fbd: '' }, 'grade');
  assert.match(String(blank.formatErrors.fbd), /There was no submitted answer/);

  const tested = await runtime.test(root, 'fbd', '1');
  assert.deepEqual(tested.mismatches, []);
  assert.equal(tested.submission?.score, 1);
});
