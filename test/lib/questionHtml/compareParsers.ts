// Compares three ways to scan question.html on real-world question.html shapes (correctness)
// and on large inputs (speed): our scanner (server/lib/questionHtml/template.ts),
// vscode-html-languageservice's scanner, and the tree-sitter grammar PrairieLearn uses
// (@prairielearn/tree-sitter-htmlmustache, WASM through web-tree-sitter).
//   node --import tsx test/lib/questionHtml/compareParsers.ts [folder where @prairielearn/tree-sitter-htmlmustache is installed]
// The tree-sitter package is not a project dependency: install it anywhere (`npm install
// @prairielearn/tree-sitter-htmlmustache` in a scratch folder) and pass that folder.
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { getLanguageService, TokenType } from 'vscode-html-languageservice';
import { parseTemplate } from '../../../server/lib/questionHtml/template';

/** What a scanner must get right: each element's tag, its parent's tag, and its attributes as written. */
type Facts = string[];

interface Shape {
  name: string;
  text: string;
  expected: Facts;
}

const el = (tag: string, parent: string, attrs: string[] = []) => `${tag} in ${parent || '-'} [${attrs.join(' ')}]`;

const SHAPES: Shape[] = [
  {
    name: 'generated children in a section',
    text: '<pl-dropdown answers-name="d">{{#params.list}}<pl-answer correct="{{tag}}">{{ans}}</pl-answer>{{/params.list}}</pl-dropdown>',
    expected: [el('pl-dropdown', '', ['answers-name=d']), el('pl-answer', 'pl-dropdown', ['correct={{tag}}'])],
  },
  {
    name: 'unquoted mustache value',
    text: '<pl-multiple-choice answers-name="mc"><pl-answer correct={{params.ans1}}>{{params.c1}}</pl-answer></pl-multiple-choice>',
    expected: [el('pl-multiple-choice', '', ['answers-name=mc']), el('pl-answer', 'pl-multiple-choice', ['correct={{params.ans1}}'])],
  },
  {
    name: 'LaTeX dollars with mustache in a label',
    text: '<pl-number-input answers-name="x" label="${{params.b}} = $"></pl-number-input>',
    expected: [el('pl-number-input', '', ['answers-name=x', 'label=${{params.b}} = $'])],
  },
  {
    name: 'section between attributes',
    text: '<pl-answer {{#params.ok}}correct="true"{{/params.ok}}>a</pl-answer>',
    expected: [el('pl-answer', '', ['correct=true'])],
  },
  {
    name: 'triple mustache and & in text',
    text: '<pl-question-panel><p>{{{params.html}}} {{& params.raw}}</p></pl-question-panel>',
    expected: [el('pl-question-panel', ''), el('p', 'pl-question-panel')],
  },
  {
    name: 'inverted section around an element',
    text: '{{^params.hard}}<pl-integer-input answers-name="n"></pl-integer-input>{{/params.hard}}',
    expected: [el('pl-integer-input', '', ['answers-name=n'])],
  },
  {
    name: 'markdown with "<" and a tag-like text',
    text: '<markdown>\nIf a < b then `<pl-x>` is text\n</markdown><p>after</p>',
    expected: [el('markdown', ''), el('p', '')],
  },
  {
    name: 'script with "</div>" in a string',
    text: '<script>document.write("</div>"); if (a<b) {}</script><p>after</p>',
    expected: [el('script', ''), el('p', '')],
  },
  {
    name: 'text "<" in a paragraph',
    text: '<p>1 < 2 and <b>bold</b></p>',
    expected: [el('p', ''), el('b', 'p')],
  },
  {
    name: 'attributes without whitespace between them',
    text: '<pl-figure file-name="a.png"alt="x"></pl-figure>',
    expected: [el('pl-figure', '', ['file-name=a.png', 'alt=x'])],
  },
  {
    name: 'self-closing element',
    text: '<pl-symbolic-input answers-name="s" variables="x"/><p>after</p>',
    expected: [el('pl-symbolic-input', '', ['answers-name=s', 'variables=x']), el('p', '')],
  },
  {
    name: 'unclosed element closed by its parent',
    text: '<pl-question-panel><div>open</pl-question-panel><p>after</p>',
    expected: [el('pl-question-panel', ''), el('div', 'pl-question-panel'), el('p', '')],
  },
  {
    name: 'mustache comment holding markup',
    text: '{{! <pl-number-input answers-name="old"></pl-number-input> }}<p>x</p>',
    expected: [el('p', '')],
  },
];

interface Scanner {
  name: string;
  facts(text: string): Facts;
}

const ours: Scanner = {
  name: 'ours (template.ts)',
  facts(text) {
    return parseTemplate(text).elements.map((e) => el(e.tag, e.parent?.tag ?? '', e.attributes.map((a) => `${a.name}=${a.value ?? ''}`)));
  },
};

const html = getLanguageService();
const vscodeScanner: Scanner = {
  name: 'vscode-html-languageservice scanner',
  facts(text) {
    const s = html.createScanner(text);
    const out: { tag: string; parent: string; attrs: string[] }[] = [];
    const stack: string[] = [];
    let current: { tag: string; parent: string; attrs: string[] } | undefined;
    let attr: string | undefined;
    const VOID = new Set(['br', 'img', 'input', 'hr', 'meta', 'link']);
    for (let t = s.scan(); t !== TokenType.EOS; t = s.scan()) {
      if (t === TokenType.StartTag) {
        current = { tag: s.getTokenText(), parent: stack[stack.length - 1] ?? '', attrs: [] };
        out.push(current);
      } else if (t === TokenType.AttributeName && current) {
        attr = s.getTokenText();
        current.attrs.push(`${attr}=`);
      } else if (t === TokenType.AttributeValue && current && attr !== undefined) {
        current.attrs[current.attrs.length - 1] = `${attr}=${s.getTokenText().replace(/^["']|["']$/g, '')}`;
      } else if (t === TokenType.StartTagClose && current) {
        if (!VOID.has(current.tag)) stack.push(current.tag);
      } else if (t === TokenType.EndTag) {
        const i = stack.lastIndexOf(s.getTokenText());
        if (i >= 0) stack.length = i;
      }
    }
    return out.map((e) => el(e.tag, e.parent, e.attrs));
  },
};

async function treeSitter(folder: string): Promise<Scanner | string> {
  try {
    const require = createRequire(path.join(folder, 'node_modules', 'x.js'));
    const wts = require('web-tree-sitter');
    await wts.Parser.init();
    const language = await wts.Language.load(require.resolve('@prairielearn/tree-sitter-htmlmustache/tree-sitter-htmlmustache.wasm'));
    const parser = new wts.Parser();
    parser.setLanguage(language);
    type Node = { type: string; text: string; namedChildren: Node[]; childForFieldName?(n: string): Node | null };
    return {
      name: 'tree-sitter-htmlmustache (WASM)',
      facts(text) {
        const tree = parser.parse(text);
        const out: Facts = [];
        const walk = (node: Node, parent: string) => {
          let tag = parent;
          if (['html_element', 'html_script_element', 'html_style_element', 'html_raw_element'].includes(node.type)) {
            const start = node.namedChildren.find((c) => c.type === 'html_start_tag' || c.type === 'html_self_closing_tag');
            if (start) {
              tag = start.namedChildren.find((c) => c.type === 'html_tag_name')?.text ?? '?';
              const attrs: string[] = [];
              const collect = (n: Node) => {
                for (const c of n.namedChildren) {
                  if (c.type === 'html_attribute') {
                    const name = c.namedChildren.find((x) => x.type === 'html_attribute_name')?.text ?? '?';
                    const value = c.namedChildren.find((x) => x.type !== 'html_attribute_name');
                    attrs.push(`${name}=${value ? value.text.replace(/^["']|["']$/g, '') : ''}`);
                  } else if (c.type.startsWith('mustache_')) collect(c);
                }
              };
              collect(start);
              out.push(el(tag, parent, attrs));
            }
          }
          for (const c of node.namedChildren) walk(c, tag);
        };
        walk(tree.rootNode, '');
        tree.delete();
        return out;
      },
    };
  } catch (err) {
    return `not available: ${err instanceof Error ? err.message : String(err)}`;
  }
}

function time(fn: () => void, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

async function main() {
  const scanners: Scanner[] = [ours, vscodeScanner];
  const ts = process.argv[2] ? await treeSitter(process.argv[2]) : 'not available: pass the folder where it is installed';
  if (typeof ts === 'string') console.log(`tree-sitter-htmlmustache: ${ts}`);
  else scanners.push(ts);

  const unit = '<pl-question-panel><p>Compute {{params.a}} + {{params.b}}.</p></pl-question-panel>\n<pl-number-input answers-name="c" label="$c =$"></pl-number-input>\n';
  const big = unit.repeat(Math.ceil(2_000_000 / unit.length));
  for (const s of scanners) {
    const wrong: string[] = [];
    for (const shape of SHAPES) {
      const got = s.facts(shape.text);
      if (JSON.stringify(got) !== JSON.stringify(shape.expected)) wrong.push(`  ${shape.name}: got ${JSON.stringify(got)}`);
    }
    const small = time(() => {
      for (let i = 0; i < 10_000; i++) s.facts(unit);
    }, 3);
    const large = time(() => s.facts(big), 3);
    console.log(`${s.name}: ${SHAPES.length - wrong.length}/${SHAPES.length} shapes right; 10,000 small templates ${small.toFixed(0)} ms; 2 MB template ${large.toFixed(0)} ms`);
    for (const w of wrong) console.log(w);
  }
}

void main();
