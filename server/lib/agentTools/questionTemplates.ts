import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { isTemplateQid, type Course } from '../course';

/** The built-in template: a randomized question with a numeric answer, graded to 3 significant figures. */
export const BUILT_IN_TEMPLATE = 'builtin:numeric';

export const BUILT_IN_FILES: Record<string, string> = {
  'question.html': `<pl-question-panel>
  <p>What is $a + b$ when $a = {{params.a}}$ and $b = {{params.b}}$?</p>
</pl-question-panel>

<pl-number-input answers-name="c" comparison="sigfig" digits="3" label="$a + b =$"></pl-number-input>
`,
  'server.py': `import random


def generate(data):
    a = random.randint(2, 9)
    b = random.randint(2, 9)
    data["params"]["a"] = a
    data["params"]["b"] = b
    data["correct_answers"]["c"] = a + b
`,
};

/** The course's template questions (QIDs under template/), which new questions copy. */
export function courseTemplates(course: Course): { qid: string; title: string }[] {
  return [...course.questions]
    .filter(([qid]) => isTemplateQid(qid))
    .map(([qid, e]) => ({ qid, title: String((e.file?.value as { title?: unknown } | undefined)?.title ?? '') }))
    .sort((a, b) => (a.qid < b.qid ? -1 : 1));
}

/** Most files and bytes a template may have: a template is a few small files. */
const MAX_FILES = 200;
const MAX_BYTES = 5 * 1024 * 1024;

/** The files of a question folder (relative path to content), refusing a huge one. */
export function readTemplateFolder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let bytes = 0;
  const walk = (sub: string) => {
    for (const e of fs.readdirSync(nodePath.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (e.isFile()) {
        const content = fs.readFileSync(nodePath.join(dir, rel));
        bytes += content.length;
        files.set(rel, content);
        if (files.size > MAX_FILES || bytes > MAX_BYTES) throw new Error(`the template ${dir} has more than ${MAX_FILES} files or ${MAX_BYTES} bytes`);
      }
    }
  };
  walk('');
  return files;
}
