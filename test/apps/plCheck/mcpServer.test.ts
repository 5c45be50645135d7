// pl-check mcp through the MCP SDK's own client over stdio: the built program as an MCP client
// starts it. Needs `node build.mjs` first, as the other pl-check tests do.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { fixtureCourse } from '../../lib/agentTools/fixtureCourse';
import { connect } from './mcpClient';
import { assertNoStackTrace, PL_CHECK, runCli } from './runCli';

const root = fixtureCourse();
let client: Client;

const text = (r: any): string => r.content.map((c: any) => c.text).join('\n');

before(async () => {
  client = await connect([root]);
});
after(() => client.close());

test('lists the nine tools with their JSON Schemas, and marks the two that write', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), ['check', 'test_question', 'render_question', 'grade_submission', 'element_reference', 'find_questions', 'question_uses', 'new_question', 'rename_question']);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object', t.name);
    assert.ok((t.description ?? '').length > 80, t.name);
  }
  const writers = tools.filter((t) => t.annotations?.readOnlyHint === false).map((t) => t.name);
  assert.deepEqual(writers, ['new_question', 'rename_question']);
  assert.equal(client.getServerVersion()?.name, 'prairielearn');
});

test('calls each tool: text for the agent and the same facts as structured content', async () => {
  const call = async (name: string, args: Record<string, unknown>) => {
    const r: any = await client.callTool({ name, arguments: args });
    assert.ok(!r.isError, `${name}: ${text(r)}`);
    return r;
  };
  assert.match(text(await call('check', { severity: 'error' })), /No problems in the course/);
  assert.equal((await call('element_reference', { name: 'pl-integer-input' })).structuredContent.name, 'pl-integer-input');
  assert.equal((await call('find_questions', { query: 'inputs' })).structuredContent.questions[0].qid, 'allInputs');
  assert.equal((await call('question_uses', { qid: 'good/one' })).structuredContent.total, 2);
  const rendered = await call('render_question', { qid: 'allInputs', seed: '5' });
  assert.match(text(rendered), /^mc: radio/m);
  const correct = JSON.parse(rendered.structuredContent.correctAnswers);
  // Only one part answered: the blank ones are format errors, so nothing is graded.
  const graded = await call('grade_submission', { qid: 'allInputs', seed: '5', answers: { int: String(correct.int) } });
  assert.equal(graded.structuredContent.score, null);
  assert.deepEqual(Object.keys(graded.structuredContent.formatErrors).sort(), ['cb', 'expr', 'mc', 'num', 'word']);
  const tested = await call('test_question', { qid: 'crash', variants: 1 });
  assert.equal(tested.structuredContent.passed, false);
  assert.match(text(tested), /questions\/crash\/server\.py:2 error \[server-py-error\]/);
  const made = await call('new_question', { qid: 'viaMcp/first', title: 'Made over MCP', template: 'builtin:numeric' });
  assert.ok(fs.existsSync(path.join(root, 'questions/viaMcp/first/info.json')), text(made));
  const renamed = await call('rename_question', { qid: 'viaMcp/first', newQid: 'viaMcp/second' });
  assert.deepEqual(renamed.structuredContent.moved, { from: 'questions/viaMcp/first', to: 'questions/viaMcp/second' });
});

test('errors are tool errors (isError) that say why, and the server keeps serving', async () => {
  const bad: any = await client.callTool({ name: 'test_question', arguments: { qid: 'missing/question' } });
  assert.equal(bad.isError, true);
  assert.match(text(bad), /There is no question "missing\/question"/);
  const invalid: any = await client.callTool({ name: 'check', arguments: { severity: 'fatal' } });
  assert.equal(invalid.isError, true);
  assert.match(text(invalid), /"severity" must be equal to one of the allowed values/);
  const unknown: any = await client.callTool({ name: 'deploy', arguments: {} });
  assert.equal(unknown.isError, true);
  assert.match(text(unknown), /No tool "deploy"/);
  assert.ok(!((await client.callTool({ name: 'element_reference', arguments: {} })) as any).isError);
});

test('output is bounded: a limit, and the count of the rest', async () => {
  const r: any = await client.callTool({ name: 'element_reference', arguments: {} });
  const all = r.structuredContent.elements.length;
  const few: any = await client.callTool({ name: 'find_questions', arguments: { limit: 2 } });
  assert.equal(few.structuredContent.questions.length, 2);
  assert.equal(few.structuredContent.more, few.structuredContent.total - 2);
  assert.match(text(few), /… and \d+ more questions/);
  assert.ok(all > 40);
});

test('element facts and QIDs are resources; the new-question prompt names the course\'s templates', async () => {
  const { resources } = await client.listResources();
  assert.ok(resources.some((r) => r.uri === 'prairielearn://elements/pl-checkbox'));
  const qids: any = await client.readResource({ uri: 'prairielearn://courses/0/qids' });
  assert.match(qids.contents[0].text, /^crash\tDivides by zero$/m);
  const facts: any = await client.readResource({ uri: 'prairielearn://elements/pl-checkbox' });
  assert.match(facts.contents[0].text, /<pl-answer correct="true">/);
  await assert.rejects(client.readResource({ uri: 'prairielearn://elements/pl-nothing' }), /No resource/);
  const { prompts } = await client.listPrompts();
  assert.deepEqual(prompts.map((p) => p.name), ['new_question']);
  const prompt: any = await client.getPrompt({ name: 'new_question', arguments: { about: 'unit conversion' } });
  assert.match(prompt.messages[0].content.text, /unit conversion[\s\S]*template\/numeric/);
});

test('pl-check mcp: a folder without a course is a usage error (exit 2), --help says how to use it', () => {
  const r = runCli(['mcp', path.join(root, 'questions')]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /pl-check mcp: no PrairieLearn course/);
  assertNoStackTrace(r.stderr);
  const help = runCli(['mcp', '--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: pl-check mcp/);
});

test('pl-check mcp without its bundle beside plCheck.js says what is missing (exit 2)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-check-alone-'));
  try {
    fs.copyFileSync(PL_CHECK, path.join(dir, 'plCheck.js'));
    const r = spawnSync(process.execPath, [path.join(dir, 'plCheck.js'), 'mcp', root], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /pl-check mcp: the MCP server's bundle is missing: .*plCheckMcp\.js/);
    assertNoStackTrace(r.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
