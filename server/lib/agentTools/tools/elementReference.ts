import { elementFacts, elementFactsText, elementList, findElement } from '../elementFacts';
import { ToolError } from '../toolError';
import type { AgentTool } from '../toolTypes';

export const elementReferenceTool: AgentTool = {
  name: 'element_reference',
  title: 'PrairieLearn element reference',
  description:
    'Look up a PrairieLearn element (pl-number-input, pl-multiple-choice, ...) before writing question.html: what it is, its attributes with types, defaults and allowed values, ' +
    'its children, and a minimal working example. Without "name", lists every element with a one-line description. Read-only.',
  inputSchema: {
    type: 'object',
    properties: { name: { type: 'string', description: 'Element tag, such as "pl-number-input"; omit to list all elements.' } },
    additionalProperties: false,
  },
  writes: false,
  async run(_sessions, input) {
    if (typeof input.name !== 'string' || !input.name.trim()) {
      const list = elementList();
      return { text: list.map((e) => `${e.name}${e.deprecated ? ' (deprecated)' : ''}: ${e.description}`).join('\n'), data: { elements: list } };
    }
    const info = findElement(input.name);
    if (!info) {
      const near = elementList().filter((e) => e.name.includes(input.name as string) || (input.name as string).includes(e.name.replace(/^pl-/, ''))).map((e) => e.name);
      throw new ToolError(`No PrairieLearn element "${input.name}".${near.length > 0 ? ` Did you mean ${near.slice(0, 5).join(', ')}?` : ''} Call element_reference without a name for the list.`);
    }
    const facts = elementFacts(info);
    return { text: elementFactsText(facts), data: facts };
  },
};
