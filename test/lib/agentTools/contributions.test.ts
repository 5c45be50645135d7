// package.json's language model tools are the agent tools library's, name for name and schema for
// schema (VS Code reads the contribution before the extension runs, so it is written out there).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { AGENT_TOOLS } from '../../../server/lib/agentTools';

const REPO = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));

test('contributes.languageModelTools: one per agent tool, same schema and description, the writing ones tagged', () => {
  const contributed = pkg.contributes.languageModelTools as any[];
  assert.deepEqual(contributed.map((t) => t.name), AGENT_TOOLS.map((t) => `prairielearn_${t.name}`));
  for (const [i, tool] of AGENT_TOOLS.entries()) {
    const c = contributed[i];
    assert.deepEqual(c.inputSchema, JSON.parse(JSON.stringify(tool.inputSchema)), tool.name);
    assert.equal(c.modelDescription, tool.description, tool.name);
    assert.equal(c.tags.includes('writes'), tool.writes, tool.name);
    assert.match(c.toolReferenceName, /^pl[A-Z]\w+$/);
    assert.equal(c.canBeReferencedInPrompt, true);
    assert.equal(c.when, 'prairielearn.courseOpen');
  }
  assert.equal(new Set(contributed.map((t) => t.toolReferenceName)).size, contributed.length);
});

test('contributes.mcpServerDefinitionProviders names the provider the extension registers', () => {
  const source = fs.readFileSync(path.join(REPO, 'client/src/agentTools/mcpServerProvider.ts'), 'utf8');
  const id = /MCP_PROVIDER_ID = '([^']+)'/.exec(source)?.[1];
  assert.deepEqual(pkg.contributes.mcpServerDefinitionProviders, [{ id, label: 'PrairieLearn' }]);
});
