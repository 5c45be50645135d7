// The Python helper's messages are declared twice, in TypeScript (server/lib/protocol/pythonHelper.ts)
// and as TypedDicts (server/python/plruntime/protocol.py): each message must have the same fields on
// both sides, each as optional and of the same kind. Both files are read as they are: the TypeScript
// declarations by their text, the TypedDicts by Python itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PYTHON_HELPER_PROTOCOL } from '../../../server/lib/protocol';
import { PYTHON } from '../runtime/elementHarness';

const ROOT = path.resolve(__dirname, '../../..');
const TS_FILE = path.join(ROOT, 'server/lib/protocol/pythonHelper.ts');
const PYTHON_ROOT = path.join(ROOT, 'server/python');

/** TypeScript's name of each message, and the TypedDict's. */
const MESSAGES: Record<string, string> = {
  HelperReady: 'Ready',
  PhaseJob: 'PhaseJob',
  HelperRequest: 'HelperRequest',
  PhaseIssue: 'PhaseIssue',
  PhaseResult: 'PhaseResult',
  HelperError: 'HelperError',
  ResultsReply: 'ResultsReply',
  ErrorReply: 'ErrorReply',
};

/** A message's fields: `name` -> its kind (`string`, `number`, `boolean`, `object`, a literal union, `X[]`, a message's name), `?` when optional. */
type Shape = Record<string, string>;

/** The fields of every interface of `text`, with those of the interfaces it extends; type aliases of literal unions resolved. */
function typeScriptShapes(text: string): Record<string, Shape> {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const aliases = new Map<string, string>();
  for (const m of source.matchAll(/export type (\w+) = ((?:'[^']*'\s*\|?\s*)+);/g)) aliases.set(m[1], m[2]);
  const kind = (t: string): string => {
    t = t.trim();
    if (t.endsWith('[]')) return `${kind(t.slice(0, -2))}[]`;
    if (aliases.has(t)) return kind(aliases.get(t)!);
    if (t.includes("'")) return t.split('|').map((x) => x.trim()).sort().join('|');
    if (/^Record<string,\s*unknown>$/.test(t)) return 'object';
    return t;
  };
  const declared = new Map<string, { base?: string; fields: Shape }>();
  for (const m of source.matchAll(/export interface (\w+)(?: extends (\w+))? \{([^}]*)\}/g)) {
    const fields: Shape = {};
    for (const f of m[3].matchAll(/(\w+)(\??):\s*([^;]+);/g)) fields[f[1]] = `${kind(f[3])}${f[2]}`;
    declared.set(m[1], { base: m[2], fields });
  }
  const shapeOf = (name: string): Shape => {
    const d = declared.get(name);
    if (!d) throw new Error(`${name}: no interface of that name in ${TS_FILE}`);
    return { ...(d.base ? shapeOf(d.base) : {}), ...d.fields };
  };
  return Object.fromEntries(Object.keys(MESSAGES).map((name) => [name, shapeOf(name)]));
}

/** The same description of each TypedDict, made by Python from the class itself (its keys, their optional-ness and hints). */
function pythonShapes(): Record<string, Shape> {
  const script = `
import json, sys, typing
from plruntime import protocol
names = json.loads(sys.argv[1])
back = {getattr(protocol, py): ts for ts, py in names.items()}
def kind(t):
    origin, args = typing.get_origin(t), typing.get_args(t)
    if t is str: return "string"
    if t in (int, float): return "number"
    if t is bool: return "boolean"
    if origin is typing.Literal:
        return "|".join(sorted("true" if a is True else "'" + a + "'" for a in args))
    if origin is list: return kind(args[0]) + "[]"
    if origin is dict and args[0] is str: return "object"
    if t in back: return back[t]
    raise TypeError(f"no kind for {t!r}")
out = {}
for ts, py in names.items():
    cls = getattr(protocol, py)
    hints = typing.get_type_hints(cls)
    out[ts] = {k: kind(hints[k]) + ("?" if k in cls.__optional_keys__ else "") for k in hints}
print(json.dumps({"shapes": out, "protocol": protocol.PROTOCOL}))
`;
  const r = spawnSync(PYTHON, ['-c', script, JSON.stringify(MESSAGES)], { cwd: PYTHON_ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const parsed = JSON.parse(r.stdout) as { shapes: Record<string, Shape>; protocol: number };
  pythonProtocol = parsed.protocol;
  return parsed.shapes;
}
let pythonProtocol: number | undefined;

const sorted = (shapes: Record<string, Shape>) =>
  Object.fromEntries(Object.entries(shapes).map(([name, shape]) => [name, Object.fromEntries(Object.entries(shape).sort(([a], [b]) => a.localeCompare(b)))]));

test('every message has the same fields in TypeScript and in Python, each as optional and of the same kind', () => {
  const ts = typeScriptShapes(fs.readFileSync(TS_FILE, 'utf8'));
  assert.deepEqual(sorted(pythonShapes()), sorted(ts));
  // Not vacuous: the shapes hold what the messages are known to carry.
  assert.equal(ts.HelperRequest.childTags, 'string[]?');
  assert.equal(ts.HelperRequest.jobs, 'PhaseJob[]');
  assert.equal(ts.HelperError.kind, "'crash'|'memory'|'protocol'|'recursion'|'timeout'");
  assert.equal(ts.HelperReady.ready, 'true');
});

test('both sides speak the same protocol version', () => {
  pythonShapes();
  assert.equal(pythonProtocol, PYTHON_HELPER_PROTOCOL);
});

test('the comparison sees a field made optional, renamed or retyped on one side', () => {
  const text = fs.readFileSync(TS_FILE, 'utf8');
  const python = sorted(pythonShapes());
  for (const [from, to] of [
    ['  questionDir: string;', '  questionDir?: string;'],
    ['  nonce?: string;', '  nonceValue?: string;'],
    ['  line?: number;', '  line?: string;'],
    ["'timeout' | 'recursion'", "'timeout' | 'recursive'"],
  ]) {
    assert.ok(text.includes(from), from);
    assert.notDeepEqual(sorted(typeScriptShapes(text.replace(from, to))), python, `${from} -> ${to}`);
  }
});
