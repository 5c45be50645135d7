// pl-dataframe in real Python with pandas, against PrairieLearn's controller
// (apps/prairielearn/elements/pl-dataframe/pl-dataframe.py at PrairieLearn commit
// 88fb8556a7a1768e2082736be9095241b11238d7): the Styler table, its display options, the Code tab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementError, phaseData, runElement } from './elementHarness';

const FRAME = { _type: 'dataframe', _value: { index: [0, 1], columns: ['city', 'people', 'area'], data: [['A', 1234567, 1.23456], ['B', 2, 10.5]] } };
const renderOf = (attrs: string, params: Record<string, any> = { df: FRAME }) =>
  runElement('pl-dataframe', 'render', `<pl-dataframe params-name="df" ${attrs}></pl-dataframe>`, phaseData('render', { params })).html ?? '';
const cells = (html: string) => [...html.matchAll(/<td [^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);

test('pl-dataframe: a Styler table with thousands separators and g-formatted floats, dimensions, and a Code tab', () => {
  const html = renderOf('');
  assert.match(html, /<table id="T_[0-9a-f]+" class=pl-dataframe-table>/);
  assert.deepEqual(cells(html), ['A', '1,234,567', '1.23456', 'B', '2', '10.5']);
  assert.match(html, /<p class="pl-dataframe-table-dimensions">2 rows x 3 columns<\/p>/);
  assert.match(html, /data-bs-toggle="tab" href="#table-[0-9a-f-]+">Table<\/a>/);
  assert.ok(html.includes(`<pl-code language="python" copy-code-button="True">\nfrom pandas import DataFrame, Timestamp\nfrom numpy import nan\n\ndf = DataFrame(\n{'city': {0: 'A', 1: 'B'}, 'people': {0: 1234567, 1: 2}, 'area': {0: 1.23456, 1: 10.5}}\n)\n</pl-code>`), html);
  // pprint wraps at the width attribute.
  assert.match(renderOf('width="30"'), /df = DataFrame\(\n\{   'city': \{0: 'A', 1: 'B'\},\n    'people'/);
});

test('pl-dataframe: digits and presentation type, hidden header/index/dimensions/python, dtypes in R with 1-based rows', () => {
  assert.deepEqual(cells(renderOf('digits="2" presentation-type="f"')).slice(0, 3), ['A', '1,234,567', '1.23']);
  const bare = renderOf('show-header="false" show-index="false" show-dimensions="false" show-python="false"');
  assert.match(bare, /^<div><style/);
  assert.doesNotMatch(bare, /<th[ >]|rows x|pl-code/);
  const r = renderOf('show-dtype="true" display-language="r" display-variable-name="cities"');
  assert.match(r, /<th [^>]*class="row_heading level0 row0"[^>]*>1<\/th>/);
  assert.deepEqual(cells(r).slice(-3), ['character', 'integer', 'numeric']);
  assert.match(r, /cities = DataFrame\(/);
  assert.deepEqual(cells(renderOf('show-dtype="true"')).slice(-3), ['object', 'int64', 'float64']);
});

test('pl-dataframe: the errors of PrairieLearn', () => {
  const err = (attrs: string, params: Record<string, any> = { df: FRAME }) =>
    elementError('pl-dataframe', 'render', `<pl-dataframe params-name="df" ${attrs}></pl-dataframe>`, phaseData('render', { params })) ?? '';
  assert.match(err('', {}), /Could not find "df" in params/);
  assert.match(err('presentation-type="x"'), /Invalid presentation type "x"/);
  assert.match(err('', { df: [1, 2] }), /does not encode a dataframe/);
  assert.match(elementError('pl-dataframe', 'prepare', '<pl-dataframe params-name="df" colour="red"></pl-dataframe>', phaseData('prepare')) ?? '', /colour/);
});
