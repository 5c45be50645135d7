// prairielearn/agentTool over LSP to the real language server process: VS Code's language model
// tools send it. The tools are the agent tools library's (test/agentTools); here: they run over the
// workspace's courses, with the Python the client names, and failures come back as error answers.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LspClient } from './lspClient';
import { AGENT_TOOL_REQUEST, type AgentToolAnswer, type AgentToolParams } from '../../../server/lib/protocol/languageServer';
import { fixtureCourse } from '../../lib/agentTools/fixtureCourse';

let course: string;
let client: LspClient;
const run = (params: AgentToolParams) => client.connection.sendRequest(AGENT_TOOL_REQUEST, params) as Promise<AgentToolAnswer>;

before(async () => {
  course = fixtureCourse();
  client = await LspClient.start([course]);
});
after(() => client.stop());

test('runs a tool over the workspace\'s course: a check, and a question test with real Python', async () => {
  const found = await run({ name: 'find_questions', input: { query: 'inputs' } });
  assert.equal(found.isError, undefined, found.text);
  assert.equal((found.data as any).courseRoot, course);
  const tested = await run({ name: 'test_question', input: { qid: 'crash', variants: 1 } });
  assert.match(tested.text, /questions\/crash\/server\.py:2 error \[server-py-error\]/);
});

test('bad input, an unknown tool and an unknown question are error answers', async () => {
  const bad = await run({ name: 'check', input: { path: 42 } });
  assert.equal(bad.isError, true);
  assert.match(bad.text, /"path" must be string/);
  const unknown = await run({ name: 'nothing', input: {} });
  assert.equal(unknown.isError, true);
  const missing = await run({ name: 'render_question', input: { qid: 'no/such' }, python: '/usr/bin/python3' });
  assert.equal(missing.isError, true);
  assert.match(missing.text, /There is no question "no\/such"/);
});
