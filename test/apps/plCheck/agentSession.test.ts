// A scripted agent session, through pl-check mcp and only tool calls (and file writes, as an
// agent makes them): create a question, test it (it fails on a bug in server.py), fix server.py,
// test it again (it passes).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { connect } from './mcpClient';
import { fixtureCourse } from '../../lib/agentTools/fixtureCourse';

test('new_question, test_question fails on a ZeroDivisionError, fix server.py, test_question passes', async () => {
  const root = fixtureCourse();
  const client = await connect([root]);
  try {
    const call = async (name: string, args: Record<string, unknown>): Promise<any> => client.callTool({ name, arguments: args });
    const made = await call('new_question', { qid: 'ratios/halfOf', title: 'Half of a number', template: 'builtin:numeric' });
    assert.ok(!made.isError, made.content[0].text);
    const serverPy = made.structuredContent.contents.find((f: any) => f.file.endsWith('server.py'));
    assert.ok(serverPy, 'new_question returns server.py');

    // The agent's first version divides by a difference that is always zero.
    const file = path.join(root, serverPy.file);
    fs.writeFileSync(file, 'import random\n\ndef generate(data):\n    a = random.randint(2, 9)\n    b = random.randint(2, 9)\n    data["params"]["a"] = a\n    data["params"]["b"] = b\n    data["correct_answers"]["c"] = a + b + (a - b) / (a - a)\n');
    assert.deepEqual((await call('check', { path: 'questions/ratios/halfOf', severity: 'error' })).structuredContent.findings, []);
    const failing = await call('test_question', { qid: 'ratios/halfOf', variants: 3 });
    assert.equal(failing.structuredContent.passed, false);
    const finding = failing.structuredContent.variants[0].findings.find((f: any) => f.code === 'server-py-error');
    assert.deepEqual([finding.file, finding.line], ['questions/ratios/halfOf/server.py', 8]);
    assert.match(finding.message, /ZeroDivisionError/);

    // The agent reads the finding and fixes the line it names.
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines[finding.line - 1] = '    data["correct_answers"]["c"] = a + b';
    fs.writeFileSync(file, lines.join('\n'));
    const passing = await call('test_question', { qid: 'ratios/halfOf', seeds: failing.structuredContent.variants.map((v: any) => v.seed) });
    assert.equal(passing.structuredContent.passed, true, passing.content[0].text);
    assert.equal(passing.structuredContent.variants.length, 3);
    for (const v of passing.structuredContent.variants) assert.equal(v.correctAnswerScore, 1);
  } finally {
    await client.close();
  }
});
