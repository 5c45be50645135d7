import { findAttribute } from '../template';
import type { CourseTemplateRule } from './rule';

const REF = /^(params|correct_answers)\.([^.\s]+)/;

interface Refs {
  refs: { ns: 'params' | 'correct_answers'; name: string; full: string; start: number }[];
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
  codes: { 'unknown-template-param': { severity: 'warning', description: 'A {{params.x}} or {{correct_answers.x}} name that server.py never sets.' } },
  collect({ template, resolved }) {
    const refs: Refs['refs'] = [];
    for (const tag of template.mustache.tags) {
      if (tag.kind === 'comment' || tag.kind === 'close' || tag.kind === 'partial' || tag.kind === 'delimiters') continue;
      const m = REF.exec(tag.name);
      if (m) refs.push({ ns: m[1] as 'params' | 'correct_answers', name: m[2], full: tag.name, start: tag.nameStart });
    }
    if (refs.length === 0) return undefined;
    const fromElements = new Set<string>();
    for (const el of template.elements) {
      const key = resolved.get(el)?.info?.answerKey;
      const value = key ? findAttribute(el, key)?.value : undefined;
      if (value) fromElements.add(value);
    }
    return { refs, fromElements };
  },
  check({ refs, fromElements }, env, report) {
    const names = env.serverPy?.();
    if (!names) return;
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
