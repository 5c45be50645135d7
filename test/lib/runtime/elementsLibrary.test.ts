// The `prairielearn` Python library (server/python/prairielearn), run in a real Python.
// Facts: PrairieLearn's python/prairielearn package (messages quoted from PrairieLearn's
// conversion_utils / html_utils / question_utils as recorded there).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { pythonJson, runPython } from './elementHarness';

const lib = (body: string) => pythonJson(`import prairielearn as pl\nimport numpy as np\n${body}`);

test('to_json / from_json round-trip every tagged shape', () => {
  const out = lib(`
import sympy, pandas as pd, networkx as nx
import prairielearn.sympy_utils as psu
x = sympy.Symbol('x')
values = {
  'complex': 2+3j,
  'ndarray': np.array([[1.5, 2.0], [3.0, 4.0]]),
  'int_ndarray': np.array([1, 2, 3], dtype=np.int32),
  'complex_ndarray': np.array([1+2j, 3-1j]),
  'sympy': x**2 + sympy.E*x + 1,
  'matrix': sympy.Matrix([[x, 1], [2, x**2]]),
  'df': pd.DataFrame({'a': [1, 2], 'b': [3.5, 4.5]}),
  'graph': nx.path_graph(3),
}
enc = {k: pl.to_json(v) for k, v in values.items()}
dec = {k: pl.from_json(json.loads(json.dumps(e))) for k, e in enc.items()}
same = {
  'complex': dec['complex'] == values['complex'],
  'ndarray': bool((dec['ndarray'] == values['ndarray']).all()) and dec['ndarray'].dtype == np.float64,
  'int_ndarray': str(dec['int_ndarray'].dtype) == 'int32',
  'complex_ndarray': bool((dec['complex_ndarray'] == values['complex_ndarray']).all()),
  'sympy': sympy.simplify(dec['sympy'] - values['sympy']) == 0,
  'matrix': dec['matrix'] == values['matrix'],
  'df': bool(dec['df'].astype(float).equals(values['df'].astype(float))) and list(dec['df'].columns) == ['a', 'b'],
  'graph': sorted(dec['graph'].edges()) == sorted(values['graph'].edges()),
}
v2 = pl.to_json(np.int64(7), np_encoding_version=2)
same['np_scalar'] = pl.from_json(v2) == 7 and type(pl.from_json(v2)).__name__ == 'int64'
df2 = pl.from_json(json.loads(json.dumps(pl.to_json(values['df'], df_encoding_version=2))))
same['df_v2'] = list(df2['b']) == [3.5, 4.5]
print(json.dumps({'types': {k: e['_type'] for k, e in enc.items()}, 'same': same, 'v2': v2,
  'plain': [pl.to_json(5), pl.to_json('s'), pl.to_json((1, 2)), pl.from_json({'a': 1})],
  'sympy_value': enc['sympy']['_value'], 'cplx': enc['complex']}))
`);
  assert.deepEqual(out.types, {
    complex: 'complex', ndarray: 'ndarray', int_ndarray: 'ndarray', complex_ndarray: 'complex_ndarray', sympy: 'sympy',
    matrix: 'sympy_matrix', df: 'dataframe', graph: 'networkx_graph',
  });
  for (const [k, v] of Object.entries(out.same)) assert.equal(v, true, k);
  assert.deepEqual(out.v2, { _type: 'np_scalar', _concrete_type: 'int64', _value: '7' });
  assert.deepEqual(out.plain, [5, 's', [1, 2], { a: 1 }]);
  assert.match(out.sympy_value, /_Exp1/, 'E is written as the hidden symbol so it survives a re-parse');
  assert.deepEqual(out.cplx, { _type: 'complex', _value: { real: 2, imag: 3 } });
});

test('from_json rejects unknown and incomplete tags; is_int_json_serializable is the 2^53-1 bound', () => {
  const out = lib(`
errs = []
for bad in [{'_type': 'mystery'}, {'_type': 'complex', '_value': {'real': 1}}, {'_type': 'ndarray'}]:
    try:
        pl.from_json(bad); errs.append(None)
    except ValueError as e:
        errs.append(str(e))
print(json.dumps({'errs': errs, 'ints': [pl.is_int_json_serializable(2**53 - 1), pl.is_int_json_serializable(2**53), pl.is_int_json_serializable(-(2**53 - 1))]}))
`);
  assert.equal(out.errs[0], 'variable has unknown type mystery');
  assert.ok(out.errs[1] && out.errs[2]);
  assert.deepEqual(out.ints, [true, false, true]);
});

// '1/x': PrairieLearn 88fb855 conversion_utils.py string_fraction_to_number names the part that is not a number.
test('string_fraction_to_number: values and the quoted messages', () => {
  const out = lib(`
cases = [None, '', '  ', '1/4', '3', '1 000', '\u22122.5', '2+3i', '1/0', 'abc', '1/x', '1e400', '1/2']
res = [pl.string_fraction_to_number(c) for c in cases]
nofrac = pl.string_fraction_to_number('1/2', allow_fractions=False)
real = pl.string_fraction_to_number('2+3i', allow_complex=False)
print(json.dumps([r[1] for r in res] + [nofrac[1], real[1]]))
`);
  assert.deepEqual(out, [
    { format_errors: 'No submitted answer.' },
    { format_errors: 'The submitted answer was blank.' },
    { format_errors: 'The submitted answer was blank.' },
    { submitted_answers: 0.25 },
    { submitted_answers: 3 },
    { submitted_answers: 1000 },
    { submitted_answers: -2.5 },
    { submitted_answers: { _type: 'complex', _value: { real: 2, imag: 3 } } },
    { format_errors: 'Your expression resulted in a division by zero.' },
    { format_errors: 'Invalid format: The submitted answer could not be interpreted as a decimal (or complex) number.' },
    { format_errors: 'Invalid format: The denominator could not be interpreted as a decimal (or complex) number.' },
    { format_errors: 'Invalid format: The submitted answer is not a finite number.' },
    { submitted_answers: 0.5 },
    { format_errors: 'Fractional answers are not allowed in this input.' },
    { format_errors: 'Invalid format: The submitted answer could not be interpreted as a decimal number.' },
  ]);
});

test('string_to_integer and string_to_2darray', () => {
  const out = lib(`
ints = [pl.string_to_integer(s, b) for s, b in [(' 42 ', 10), ('ff', 16), ('0x1f', 0), ('0b11', 0), ('1.5', 10), ('\u221217', 10), ('z', 10)]]
def arr(s):
    a, info = pl.string_to_2darray(s)
    return [None if a is None else a.tolist(), info]
print(json.dumps({'ints': ints, 'arrays': [arr(s) for s in ['[1 2; 3 4]', '[[1, 2], [3, 4]]', '5', '[1 2', '[1 2; 3]', 'x [1 2]', '[1 a]']]}))
`);
  assert.deepEqual(out.ints, [42, 255, 31, 3, null, -17, null]);
  assert.deepEqual(out.arrays[0], [[[1, 2], [3, 4]], { format_type: 'matlab' }]);
  assert.deepEqual(out.arrays[1], [[[1, 2], [3, 4]], { format_type: 'python' }]);
  assert.deepEqual(out.arrays[2], [[[5]], { format_type: 'python' }]);
  assert.deepEqual(out.arrays[3], [null, { format_error: 'Unbalanced square brackets.' }]);
  for (const bad of out.arrays.slice(4)) assert.equal(bad[0], null), assert.ok(bad[1].format_error);
});

test('comparisons: relative/absolute is asymmetric, decimal digits and significant figures use 0.51 units', () => {
  const out = lib(`
r = [
  pl.is_correct_scalar_ra(1.009, 1.0, 1e-2, 0), pl.is_correct_scalar_ra(1.0101, 1.0, 1e-2, 0),
  pl.is_correct_scalar_ra(100.0, 99.0, 1e-2, 0), pl.is_correct_scalar_ra(99.0, 100.0, 1e-2, 0),
  pl.is_correct_scalar_ra(float('nan'), float('nan')),
  pl.is_correct_scalar_dd(1.0050, 1.0, 2), pl.is_correct_scalar_dd(1.0052, 1.0, 2), pl.is_correct_scalar_dd(1.0051, 1.0, 2),
  pl.is_correct_scalar_sf(1234, 1230, 3), pl.is_correct_scalar_sf(1236, 1230, 3), pl.is_correct_scalar_sf(0.0012, 0.00123, 2),
  pl.is_correct_scalar_sf(float('inf'), float('inf')), pl.is_correct_scalar_dd(1+1j, 1+1.001j, 2),
  pl.is_correct_ndarray2d_ra(np.array([[1, 2]]), np.array([[1, 2.00001]])), pl.is_correct_ndarray2d_sf(np.array([[1, 2]]), np.array([[1, 2, 3]])),
  pl.is_correct_ndarray2D_dd(np.array([[1.001]]), np.array([[1.0]]), 2),
]
print(json.dumps([bool(x) for x in r]))
`);
  assert.deepEqual(out, [true, false, false, true, false, true, false, false, true, false, true, true, true, true, false, true]);
});

test('score helpers: weighted, all-or-nothing, badges, answers-name checks, submitted files', () => {
  const out = lib(`
d = {'partial_scores': {'a': {'score': 1, 'weight': 3}, 'b': {'score': 0.5}}}
pl.set_weighted_score_data(d)
e = {'partial_scores': {'a': {'score': 1.0}, 'b': {'score': 0.9999999999}}}
pl.set_all_or_nothing_score_data(e)
errors = []
for bad in [{'partial_scores': {'a': {'score': None}}}, {'partial_scores': {}}]:
    try:
        pl.set_weighted_score_data(bad)
    except Exception as ex:
        errors.append(type(ex).__name__)
names = {'answers_names': {}}
pl.check_answers_names(names, 'x')
msgs = []
for n in ['x', '']:
    try:
        pl.check_answers_names(names, n)
    except KeyError as ex:
        msgs.append(ex.args[0])
f = {'submitted_answers': {}, 'format_errors': {}}
pl.add_submitted_file(f, 'a.txt', raw_contents='hi')
pl.add_submitted_file(f, 'b.bin', 'AAE=', mimetype='application/octet-stream')
pl.add_files_format_error(f, 'oops')
g = {'partial_scores': {}, 'submitted_answers': {'q': 3}, 'format_errors': {}}
pl.grade_answer_parameterized(g, 'q', lambda v: (v == 3, 'yes'), weight=2)
pl.grade_answer_parameterized(g, 'missing', lambda v: (True, None))
print(json.dumps({'weighted': d['score'], 'aon': e['score'], 'errors': errors, 'msgs': msgs, 'files': f,
  'badges': [pl.determine_score_params(s) for s in [1, 1.2, 0.555, 0.001, 0, -1]], 'g': g['partial_scores'],
  'all_empty': pl.all_partial_scores_correct({'partial_scores': {}}),
  'types': [pl.QuestionData.__name__, pl.ElementTestData.__name__, pl.PartialScore.__name__]}))
`);
  assert.equal(out.weighted, (3 + 0.5) / 4);
  assert.equal(out.aon, 1);
  assert.deepEqual(out.errors, ['ValueError', 'ZeroDivisionError']);
  assert.deepEqual(out.msgs, ['Duplicate "answers-name" attribute: "x"', '"answers-name" attribute cannot be empty']);
  assert.deepEqual(out.files.submitted_answers._files, [
    { name: 'a.txt', contents: 'aGk=' },
    { name: 'b.bin', contents: 'AAE=', mimetype: 'application/octet-stream' },
  ]);
  assert.deepEqual(out.files.format_errors, { _files: ['oops'] });
  assert.deepEqual(out.badges, [['correct', true], ['correct', true], ['partial', 55], ['partial', 0], ['incorrect', true], ['incorrect', true]]);
  assert.deepEqual(out.g, { q: { score: 1, weight: 2, feedback: 'yes' }, missing: { score: 0, weight: 1 } });
  assert.equal(out.all_empty, false);
  // Controllers annotate with these names, which must exist when their functions are defined.
  assert.deepEqual(out.types, ['QuestionData', 'ElementTestData', 'PartialScore']);
});

test('grade_answer_parameterized with a timeout records the format error and keeps score 0', () => {
  const out = lib(`
import time
g = {'partial_scores': {}, 'submitted_answers': {'q': 1}, 'format_errors': {}}
pl.grade_answer_parameterized(g, 'q', lambda v: (time.sleep(2), (True, None))[1], timeout=0.2)
print(json.dumps(g))
`);
  assert.deepEqual(out.partial_scores, { q: { score: 0, weight: 1 } });
  assert.equal(out.format_errors.q, 'Grading timed out - your answer may be too complex.');
});

test('attribute getters: legacy spellings, defaults and the quoted errors', () => {
  const out = lib(`
import lxml.html
from enum import Enum
class Kind(Enum):
    BIG_O = 1
    THETA = 2
el = lxml.html.fragment_fromstring('<pl-x answers_name="n" flag="yes" bad-flag="maybe" n="12" f="2.5" k="big-o" up="Theta" c="#abc" c2="red3" c3="nope"></pl-x>')
def err(fn):
    try:
        fn(); return None
    except Exception as e:
        return str(e)
print(json.dumps({
  'values': [pl.get_string_attrib(el, 'answers-name'), pl.get_boolean_attrib(el, 'flag'), pl.get_integer_attrib(el, 'n'),
             pl.get_float_attrib(el, 'f'), pl.get_enum_attrib(el, 'k', Kind).name, pl.get_color_attrib(el, 'c'),
             pl.get_color_attrib(el, 'c2'), pl.get_string_attrib(el, 'missing', None), pl.get_integer_attrib(el, 'missing', 3),
             pl.has_attrib(el, 'answers-name'), pl.has_attrib(el, 'nothing')],
  'errors': [err(lambda: pl.get_string_attrib(el, 'missing')), err(lambda: pl.get_boolean_attrib(el, 'bad-flag')),
             err(lambda: pl.get_integer_attrib(el, 'f')), err(lambda: pl.get_float_attrib(el, 'k')),
             err(lambda: pl.get_enum_attrib(el, 'up', Kind)), err(lambda: pl.get_enum_attrib(el, 'flag', Kind)),
             err(lambda: pl.get_color_attrib(el, 'c3')),
             err(lambda: pl.check_attribs(el, ['answers-name', 'zzz'], [])), err(lambda: pl.check_attribs(el, ['answers-name'], ['flag']))],
}))
`);
  assert.deepEqual(out.values, ['n', true, 12, 2.5, 'BIG_O', '#abc', '#c72c1c', null, 3, true, false]);
  assert.equal(out.errors[0], 'Attribute "missing" missing and no default is available');
  assert.equal(out.errors[1], 'Attribute "bad-flag" must be a boolean value: maybe');
  assert.equal(out.errors[2], 'Attribute "f" must be an integer: 2.5');
  assert.equal(out.errors[3], 'Attribute "k" must be a number: big-o');
  assert.equal(out.errors[4], 'Value "Theta" assigned to "up" cannot have uppercase characters.');
  assert.match(out.errors[5], /must be one of: big-o, theta/);
  assert.ok(out.errors[6]);
  assert.equal(out.errors[7], 'Required attribute "zzz" missing');
  assert.match(out.errors[8], /^Unknown attribute "(bad-flag|n|f|k|up|c|c2|c3)"$/);
});

test('inner_html, escape_invalid_string, keys, uuid, unicode helpers, partition, to_precision', () => {
  const out = lib(`
import lxml.html, random
el = lxml.html.fragment_fromstring('<div>a &lt; b <b>bold</b> tail<i>x</i></div>')
random.seed(1)
u = pl.get_uuid()
print(json.dumps({
  'inner': pl.inner_html(el), 'invalid': pl.escape_invalid_string('<x>'),
  'keys': [pl.index2key(i) for i in [0, 25, 26, 27, 51, 52]], 'iter': [k for _, k in zip(range(3), pl.iter_keys())],
  'uuid': u, 'uni': pl.full_unidecode('\u2212caf\u00e9 \u201cq\u201d'), 'esc': pl.escape_unicode_string('a\u200bb'),
  'part': pl.partition([1, 2, 3, 4], lambda v: v % 2 == 0),
  'prec': [pl.to_precision(123.456, 2), pl.to_precision(0.001234, 3), pl.to_precision(12345, 2), pl.to_precision(-1.5, 4), pl.string_from_number_sigfig(3.14159, 3)],
  'fmt': [pl.numpy_to_matlab(np.array([[1, 2], [3, 4]]), ndigits=1), pl.string_from_numpy(np.array([[1, 2]]), language='python', digits=0),
          pl.latex_from_2darray(np.array([[1, 2], [3, 4]]), digits=0)],
}))
`);
  assert.equal(out.inner, 'a &lt; b <b>bold</b> tail<i>x</i>');
  assert.equal(out.invalid, '<code class="user-output-invalid">&lt;x&gt;</code>');
  assert.deepEqual(out.keys, ['a', 'z', 'aa', 'ab', 'az', 'ba']);
  assert.deepEqual(out.iter, ['a', 'b', 'c']);
  assert.match(out.uuid, /^[a-f][0-9a-f]{7}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.equal(out.uni, '-cafe "q"');
  assert.equal(out.esc, 'a<U+200b>b');
  assert.deepEqual(out.part, [[2, 4], [1, 3]]);
  assert.deepEqual(out.prec, ['120', '0.00123', '1.2e4', '-1.500', '3.14']);
  assert.equal(out.fmt[0], '[1.0 2.0; 3.0 4.0]');
  assert.equal(out.fmt[1], 'np.array([[1, 2]])');
  assert.match(out.fmt[2], /^\\begin\{bmatrix\}.*1 & 2.*3 & 4.*\\end\{bmatrix\}$/s);
});

test('sympy_utils: the parser is safe and reports student-facing errors', () => {
  const out = pythonJson(`
import prairielearn.sympy_utils as psu
def p(s, **kw):
    r = psu.try_parse_string_as_sympy(s, ['x', 'y'], **kw)
    return ['ok', str(r.expr)] if isinstance(r, psu.SympyParseSuccess) else ['err', r.error]
cases = ['2x + 3y', 'x^2 sin(x)', 'e^x + pi', '(x+1)(x-1)', '1.5x', 'sin', 'foo(x)', 'z', 'sqrt(x, 2)', '2 +', 'x\\\\y', 'x#y',
         '__import__("os").system("true")', 'x.__class__', '[x]', 'lambda: 1', '3i', 'x == y', '2^100000']
print(json.dumps({'r': [p(c) for c in cases], 'cplx': p('3i + x', allow_complex=True), 'set': p('Interval(0, 1)', allow_sets=True), 'noset': p('Interval(0, 1)'), 'paren': p('(x + 1'),
  'custom': p('f(x) + 1', custom_functions=['f']), 'extra': str(psu.convert_string_to_sympy('a + x', ['x'], allow_extra_symbols=True))}))
`);
  const [ok, err] = ['ok', 'err'];
  const r = out.r as [string, string][];
  // Messages that can point at a place end with a <pre> pointer and a note; compare the sentence before it.
  const POINTER = / <br><br><pre>[\s\S]*<\/pre>Note that the location of the syntax error is approximate\.$/;
  const sentence = (i: number) => r[i][1].replace(POINTER, '');
  assert.deepEqual(r.slice(0, 4), [[ok, '2*x + 3*y'], [ok, 'x**2*sin(x)'], [ok, 'exp(x) + pi'], [ok, '(x - 1)*(x + 1)']]);
  assert.deepEqual(r[4], [err, 'Your answer contains the floating-point number 1.5. All numbers must be expressed as integers (or ratios of integers).']);
  assert.equal(sentence(5), 'Your answer mentions the function "sin" without applying it to anything.');
  assert.equal(sentence(6), 'Your answer calls an invalid function "foo".');
  assert.match(r[6][1], POINTER);
  assert.equal(sentence(7), 'Your answer refers to an invalid symbol "z".');
  assert.equal(sentence(8), "Your answer provides the wrong number of arguments to 'sqrt', expected 1.");
  assert.equal(sentence(9), 'Your answer has a syntax error.');
  assert.match(r[9][1], POINTER);
  assert.equal(sentence(10), 'Your answer must not contain the character "\\".');
  assert.equal(sentence(11), 'Your answer must not contain the character "#".');
  for (const i of [12, 13, 14, 15, 17, 18]) assert.equal(r[i][0], err, `case ${i} must be refused`);
  // PrairieLearn 88fb855 (python/prairielearn/sympy_utils.py): without allow_complex, i is an unknown name.
  assert.equal(r[16][1], 'Your answer refers to an invalid symbol "i". <br><br><pre>3i\n ^ </pre>Note that the location of the syntax error is approximate.');
  assert.deepEqual(out.cplx, [ok, 'x + 3*I']);
  assert.deepEqual(out.set, [ok, 'Interval(0, 1)']);
  assert.deepEqual(out.noset, [err, 'Your answer contains set notation, but set notation is not allowed for this question.']);
  assert.deepEqual(out.paren, [err, 'Your answer has a syntax error. This issue might be caused by mismatched parentheses or some other misplaced symbol.']);
  assert.deepEqual(out.custom, [ok, 'f(x) + 1']);
  assert.equal(out.extra, 'a + x');
});

test('sympy JSON keeps variables, assumptions and hidden constants', () => {
  const out = pythonJson(`
import sympy
import prairielearn.sympy_utils as psu
x = sympy.Symbol('x', positive=True)
j = psu.sympy_to_json(sympy.E**x + 2*sympy.I)
back = psu.json_to_sympy(json.loads(json.dumps(j)))
y = sympy.Symbol('y')
others = [sympy.floor(y) + sympy.binomial(y, 2), y**sympy.Rational(1, 3) * sympy.Float(0.5), -sympy.oo + y, sympy.Interval.open(0, 1),
          sympy.Union(sympy.Interval(0, 1), sympy.FiniteSet(3)), sympy.sqrt(2) * sympy.pi * y]
print(json.dumps({'j': j, 'same': back == sympy.E**x + 2*sympy.I, 'pos': list(back.free_symbols)[0].is_positive,
  'others': [psu.json_to_sympy(json.loads(json.dumps(psu.sympy_to_json(e)))) == e for e in others]}))
`);
  assert.equal(out.j._type, 'sympy');
  assert.deepEqual(out.j._variables, ['x']);
  assert.equal(out.j._assumptions.x.positive, true);
  assert.match(out.j._value, /_ImaginaryUnit/);
  assert.equal(out.same, true);
  assert.equal(out.pos, true);
  assert.deepEqual(out.others, [true, true, true, true, true, true], 'what sympy prints for server.py answers reads back');
});

test('the fallback chevron renders Mustache like chevron', () => {
  const out = runPython(`
import sys, os
sys.path.append(os.environ['PL_FALLBACK'])
import chevron
print(chevron.render('<ul>\\n{{#items}}\\n  <li>{{name}}|{{{raw}}}|{{&raw}}</li>\\n{{/items}}\\n</ul>\\n{{^none}}empty{{/none}} {{a.b}}{{! gone }} {{#flag}}[{{n}}]{{/flag}}{{> p}}',
    {'items': [{'name': '<a>', 'raw': '<b>'}, {'name': 'z'}], 'a': {'b': 3}, 'flag': True, 'n': 2.5}, partials_dict={'p': '/{{n}}'}))
try:
    chevron.render('{{#open}}', {})
except SyntaxError as e:
    print('error:', e)
`);
  assert.equal(out, '<ul>\n  <li>&lt;a&gt;|<b>|<b></li>\n  <li>z||</li>\n</ul>\nempty 3 [2.5]/2.5\nerror: Unclosed tag "open"\n');
});

test('load_extension runs extension code from its own folder; load_all_extensions orders by name', () => {
  const root = path.join(__dirname, 'fixtures', 'elementsCourse', 'elementExtensions', 'pl-thing');
  const out = lib(`
root = ${JSON.stringify(root)}
data = {'extensions': {n: {'controller': n + '.py', 'directory': os.path.join(root, n)} for n in ['beta', 'alpha']}}
alpha = pl.load_extension(data, 'alpha')
everything = pl.load_all_extensions(data)
try:
    pl.load_extension(data, 'gamma'); missing = None
except ValueError as e:
    missing = str(e)
print(json.dumps({'name': alpha.NAME, 'where': alpha.where(), 'cwd_after': os.getcwd() == ${JSON.stringify(path.resolve(__dirname, '..', '..', '..', 'server', 'python'))},
  'order': list(everything), 'double': everything['beta'].double(4), 'missing': missing}))
`);
  assert.deepEqual(out, { name: 'alpha', where: 'alpha', cwd_after: true, order: ['alpha', 'beta'], double: 8, missing: 'Could not find extension gamma.' });
});
