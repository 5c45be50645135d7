import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BenchSection } from './context';
import { median, percentile, timeOnce } from './stats';
import { loadCourse } from '../../server/lib/course/course';
import { newCourseChecker } from '../../server/lib/questionHtml/courseChecks';
import { cachingReader, nodeCourseReader, overlayReader } from '../../server/lib/course/courseReader';
import { checkTemplate, prepareTemplate, ServerPyCache } from '../../server/lib/questionHtml/checkTemplate';
import { readCourseElements } from '../../server/lib/questionHtml/questionContext';
import { questionContext } from '../../server/lib/questionHtml/questionContext';

const EDITS = 300;

/**
 * (f) question.html: checking every template of the 10,000-question course (read, scan, every
 * rule, files and server.py), and re-checking one template after an edit, alone (target: p99 under
 * 20 ms) and as the language server does it, a whole-course check with everything else cached.
 */
export const questionHtmlSection: BenchSection = {
  name: '(f) question.html',
  run(ctx) {
    const course = loadCourse(ctx.big.root);
    const reader = nodeCourseReader;
    const courseElements = readCourseElements(course.root, reader);
    const serverPy = new ServerPyCache();
    const options = { courseElements, serverPy: (dir: string) => serverPy.names(dir, reader) };
    const perTemplate: number[] = [];
    let problems = 0;
    const all = timeOnce(() => {
      for (const q of course.questions.values()) {
        const t0 = performance.now();
        const text = reader.readText(path.join(q.dir, 'question.html'));
        const prepared = prepareTemplate(text);
        problems += checkTemplate(prepared, courseElements, questionContext(course.root, q.dir, reader, options)).length;
        perTemplate.push(performance.now() - t0);
      }
    });
    ctx.add({ section: this.name, measure: `check all ${course.questions.size} templates, fresh (CPU)`, value: all.timing.cpu, unit: 'ms', note: `${problems} problems` });
    ctx.add({ section: this.name, measure: 'one template in that run, median (wall)', value: median(perTemplate), unit: 'ms' });
    ctx.add({ section: this.name, measure: 'one template in that run, p99 (wall)', value: percentile(perTemplate, 99), unit: 'ms' });

    // One template edited again and again (a keystroke each time): scan and every rule.
    const q = [...course.questions.values()][Math.floor(course.questions.size / 2)];
    const file = path.join(q.dir, 'question.html');
    const original = fs.readFileSync(file, 'utf8');
    const edited = (i: number) => original.replace('answers-name="c"', `answers-name="c${i}"`);
    const alone: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const t0 = performance.now();
      checkTemplate(prepareTemplate(edited(i)), courseElements, questionContext(course.root, q.dir, reader, options));
      alone.push(performance.now() - t0);
    }
    const p99 = percentile(alone, 99);
    ctx.add({ section: this.name, measure: 're-check one edited template, median (wall)', value: median(alone), unit: 'ms' });
    ctx.add({ section: this.name, measure: 're-check one edited template, p99 (wall)', value: p99, unit: 'ms', target: { text: 'p99 < 20 ms', met: p99 < 20 } });

    // A long template, as in PrairieLearn's example course (many elements, drawings, sections).
    const shapes = fs.readFileSync(path.join(ctx.repo, 'test/lib/questionHtml/fixtures/exampleCourseShapes.html'), 'utf8');
    const long = Array.from({ length: 4 }, (_, k) => shapes.replace(/answers-name="(\w+)"/g, `answers-name="$1${k}"`)).join('\n');
    const longTimes: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const text = long.replace('answers-name="sky10"', `answers-name="sky10x${i}"`);
      const t0 = performance.now();
      checkTemplate(prepareTemplate(text), courseElements, questionContext(course.root, q.dir, reader, options));
      longTimes.push(performance.now() - t0);
    }
    const longP99 = percentile(longTimes, 99);
    ctx.add({ section: this.name, measure: `re-check an edited ${Math.round(long.length / 1000)} KB template, median (wall)`, value: median(longTimes), unit: 'ms' });
    ctx.add({ section: this.name, measure: `re-check an edited ${Math.round(long.length / 1000)} KB template, p99 (wall)`, value: longP99, unit: 'ms', target: { text: 'p99 < 20 ms', met: longP99 < 20 } });

    // The same edit through the course checker, as the language server runs it: editor text
    // overlaid on a disk it remembers between checks.
    const overlay = new Map<string, string>();
    const overlaid = overlayReader(overlay, cachingReader(nodeCourseReader, () => true));
    const checker = newCourseChecker();
    checker.check(course, { reader: overlaid });
    const whole: number[] = [];
    for (let i = 0; i < 30; i++) {
      overlay.set(file, edited(i));
      whole.push(timeOnce(() => checker.check(course, { reader: overlaid })).timing.wall);
    }
    ctx.add({ section: this.name, measure: 'whole-course check after one template edit, median (wall)', value: median(whole), unit: 'ms', note: 'info files and templates cached, as in the language server' });
  },
};
