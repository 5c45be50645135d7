import { closest, findAttribute } from '../elements';
import type { CourseTemplateRule } from './rule';

const REF = /^(params|correct_answers)\.([^.\s]+)/;
const NAMESPACES = ['params', 'correct_answers'];
const DOTTED = /^([A-Za-z_]\w*)\.(\S+)$/;
/** What PrairieLearn renders question.html with: these names are never misspellings. */
const RENDER_NAMES = new Set([
  'params', 'correct_answers', 'submitted_answers', 'format_errors', 'partial_scores', 'score', 'feedback', 'variant_seed',
  'preferences', 'raw_submitted_answers', 'num_valid_submissions', 'options', 'editable', 'manual_grading', 'ai_grading',
  'panel', 'correct_answer_shown',
]);

interface Refs {
  refs: { ns: 'params' | 'correct_answers'; name: string; full: string; start: number }[];
  /** `{{param.x}}`, `{{parms.x}}` outside every section: a misspelt namespace renders nothing. */
  misspelt: { ns: string; rest: string; full: string; start: number }[];
  /** Names elements set themselves: pl-multiple-choice and pl-checkbox store choices under their answers-name. */
  fromElements: Set<string>;
}

/**
 * `{{params.x}}` and `{{correct_answers.x}}` should name something server.py sets; otherwise
 * mustache renders nothing. Only when server.py exists and its scan can list every key.
 */
export const paramsFromServerPy: CourseTemplateRule<Refs> = {
  name: 'paramsFromServerPy',
  needs: 'course',
  codes: {
    'unknown-template-param': { severity: 'warning', description: 'A {{params.x}} or {{correct_answers.x}} name that server.py never sets.' },
    'misspelt-template-namespace': { severity: 'warning', description: 'A {{param.x}} or {{parms.x}} that misspells params (or correct_answers) in a question with server.py.' },
  },
  collect({ template, resolved }) {
    const refs: Refs['refs'] = [];
    const misspelt: Refs['misspelt'] = [];
    let depth = 0;
    for (const tag of template.mustache.tags) {
      if (tag.kind === 'section' || tag.kind === 'inverted') depth++;
      else if (tag.kind === 'close') depth = Math.max(0, depth - 1);
      if (tag.kind === 'comment' || tag.kind === 'close' || tag.kind === 'partial' || tag.kind === 'delimiters') continue;
      const m = REF.exec(tag.name);
      if (m) {
        refs.push({ ns: m[1] as 'params' | 'correct_answers', name: m[2], full: tag.name, start: tag.nameStart });
        continue;
      }
      // Inside a section the first name may be a field of the section's item: not a misspelling.
      const dotted = depth === 0 ? DOTTED.exec(tag.name) : null;
      const ns = dotted && !RENDER_NAMES.has(dotted[1]) ? closest(dotted[1], NAMESPACES) : undefined;
      if (dotted && ns) misspelt.push({ ns, rest: dotted[2], full: tag.name, start: tag.nameStart });
    }
    if (refs.length === 0 && misspelt.length === 0) return undefined;
    const fromElements = new Set<string>();
    for (const el of template.elements) {
      const key = resolved.get(el)?.info?.answerKey;
      const value = key ? findAttribute(el, key)?.value : undefined;
      if (value) fromElements.add(value);
    }
    return { refs, misspelt, fromElements };
  },
  check({ refs, misspelt, fromElements }, context, report) {
    const names = context.serverPy;
    if (!names) return;
    for (const m of misspelt) {
      report({
        code: 'misspelt-template-namespace',
        message: `{{${m.full}}} renders as nothing: server.py sets data["${m.ns}"], not "${m.full.split('.')[0]}". Did you mean ${m.ns}.${m.rest}?`,
        start: m.start,
        end: m.start + m.full.length,
        data: { namespace: m.ns, suggestion: `${m.ns}.${m.rest}` },
      });
    }
    for (const ref of refs) {
      const set = names[ref.ns];
      if (!set || set.has(ref.name) || fromElements.has(ref.name)) continue;
      report({
        code: 'unknown-template-param',
        message: `server.py never sets data["${ref.ns}"]["${ref.name}"], so {{${ref.full}}} renders as nothing.`,
        start: ref.start,
        end: ref.start + ref.full.length,
        data: { namespace: ref.ns, name: ref.name },
      });
    }
  },
};
