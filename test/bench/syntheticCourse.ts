import * as fs from 'node:fs';
import * as path from 'node:path';

/** A small fast seeded generator (mulberry32), so every run writes the same course. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticCourseOptions {
  questions: number;
  assessments: number;
  seed?: number;
}

export interface SyntheticCourse {
  root: string;
  /** Every info file, absolute. */
  infoFiles: string[];
  questionIds: string[];
  /** Assessment info files, absolute. */
  assessmentFiles: string[];
  /** The other files the checker reads (question.html, server.py), absolute. */
  questionFiles: string[];
}

const AREAS = ['algebra', 'calculus', 'geometry', 'statistics', 'probability', 'logic', 'programming', 'linearAlgebra', 'numberTheory', 'physics'];
const TOPICS = ['Algebra', 'Calculus', 'Geometry', 'Statistics', 'Probability', 'Logic', 'Programming', 'Linear Algebra', 'Number Theory', 'Physics'];
const TAGS = ['numeric', 'symbolic', 'MC', 'multianswer', 'concept', 'code', 'randomized', 'graph', 'estimation', 'proof', 'easy', 'medium', 'hard', 'review', 'fa25', 'sp26', 'lecture', 'lab', 'bonus', 'units'];
const WORDS = ['vector', 'matrix', 'series', 'limit', 'proof', 'sample', 'graph', 'loop', 'prime', 'force', 'angle', 'integral', 'bound', 'set', 'map'];
const COLORS = ['red1', 'blue1', 'green1', 'orange1', 'purple1', 'pink1', 'yellow1', 'turquoise1', 'gray1', 'brown1'];
const COURSE_INSTANCES = ['2024/fall', '2025/spring', '2025/fall', '2026/spring'];

/**
 * Writes a deterministic, realistic and clean course: nested QIDs (area/unit/name), info.json files
 * with tags, authors and client-file dependencies on some, question.html and server.py beside
 * them, and Homework and Exam assessments (with alternative pools) spread over course instances.
 */
export function writeSyntheticCourse(root: string, options: SyntheticCourseOptions): SyntheticCourse {
  const random = seededRandom(options.seed ?? 20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(random() * 4)];
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  const infoFiles: string[] = [];
  const questionFiles: string[] = [];
  const write = (rel: string, content: string | object) => {
    const full = path.join(root, rel);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content, null, 2) + '\n');
    if (/(^|\/)info(Course|CourseInstance|Assessment)?\.json$/.test(rel)) infoFiles.push(full);
    else if (/\/(question\.html|server\.py)$/.test(rel)) questionFiles.push(full);
  };

  write('infoCourse.json', {
    uuid: uuid(),
    name: 'SYN 101',
    title: 'Synthetic course for benchmarks',
    timezone: 'America/Chicago',
    topics: TOPICS.map((name, i) => ({ name, color: COLORS[i], description: `Questions about ${name.toLowerCase()}.` })),
    tags: TAGS.map((name, i) => ({ name, color: COLORS[i % COLORS.length], description: `Tagged ${name}.` })),
    assessmentSets: [
      { abbreviation: 'HW', name: 'Homework', heading: 'Homework', color: 'green1' },
      { abbreviation: 'E', name: 'Exam', heading: 'Exams', color: 'brown1' },
    ],
    assessmentModules: AREAS.map((name) => ({ name, heading: `Unit: ${name}` })),
  });

  const questionIds: string[] = [];
  for (let i = 0; i < options.questions; i++) {
    const area = i % AREAS.length;
    const qid = `${AREAS[area]}/unit${Math.floor(i / AREAS.length) % 10}/${pick(WORDS)}${i}`;
    questionIds.push(qid);
    const info: Record<string, unknown> = {
      uuid: uuid(),
      title: `${pick(WORDS)} ${pick(WORDS)} exercise ${i}`,
      topic: TOPICS[area],
      tags: [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(TAGS)))],
      type: 'v3',
    };
    if (random() < 0.1) info.singleVariant = true;
    if (random() < 0.05) info.gradingMethod = 'Manual';
    if (random() < 0.05) info.authors = [{ name: 'Ada Lovelace', email: 'ada@example.edu' }];
    const dir = `questions/${qid}`;
    if (random() < 0.1) {
      info.dependencies = { clientFilesQuestionScripts: ['widget.js'], clientFilesQuestionStyles: ['widget.css'] };
      write(`${dir}/clientFilesQuestion/widget.js`, 'export function init() {}\n');
      write(`${dir}/clientFilesQuestion/widget.css`, '.widget { margin: 0; }\n');
    }
    write(`${dir}/info.json`, info);
    write(
      `${dir}/question.html`,
      `<pl-question-panel>\n  <p>Compute {{params.a}} + {{params.b}}.</p>\n</pl-question-panel>\n\n<pl-number-input answers-name="c" label="$c =$"></pl-number-input>\n`,
    );
    if (random() < 0.5) {
      write(`${dir}/server.py`, 'import random\n\ndef generate(data):\n    data["params"]["a"] = random.randint(1, 9)\n    data["params"]["b"] = random.randint(1, 9)\n    data["correct_answers"]["c"] = data["params"]["a"] + data["params"]["b"]\n');
    }
  }

  for (const ci of COURSE_INSTANCES) {
    const year = Number(ci.slice(0, 4));
    const fall = ci.endsWith('fall');
    write(`courseInstances/${ci}/infoCourseInstance.json`, {
      uuid: uuid(),
      longName: `${fall ? 'Fall' : 'Spring'} ${year}`,
      publishing: fall
        ? { startDate: `${year}-08-24T00:00:01`, endDate: `${year}-12-18T23:59:59` }
        : { startDate: `${year}-01-19T00:00:01`, endDate: `${year}-05-14T23:59:59` },
    });
  }

  const assessmentFiles: string[] = [];
  for (let a = 0; a < options.assessments; a++) {
    const ci = COURSE_INSTANCES[a % COURSE_INSTANCES.length];
    const number = Math.floor(a / COURSE_INSTANCES.length) + 1;
    const exam = a % 5 === 4;
    const chosen = new Set<string>();
    const take = () => {
      for (;;) {
        const qid = pick(questionIds);
        if (!chosen.has(qid)) {
          chosen.add(qid);
          return qid;
        }
      }
    };
    const zones = Array.from({ length: 2 + Math.floor(random() * 3) }, (_, z) => {
      const questions = Array.from({ length: Math.min(3 + Math.floor(random() * 6), Math.floor(questionIds.length / 12)) }, () => {
        if (exam && random() < 0.3) return { numberChoose: 1, points: [6, 4, 2], alternatives: [{ id: take() }, { id: take() }] };
        return exam ? { id: take(), points: [5, 3, 1] } : { id: take(), points: 2, maxPoints: 6 };
      });
      return { title: `Part ${z + 1}`, questions };
    });
    const rel = `courseInstances/${ci}/assessments/${exam ? 'exams/exam' : 'homework/hw'}${number}/infoAssessment.json`;
    write(rel, {
      uuid: uuid(),
      type: exam ? 'Exam' : 'Homework',
      title: `${exam ? 'Exam' : 'Homework'} ${number}`,
      set: exam ? 'Exam' : 'Homework',
      number: String(number),
      module: pick(AREAS),
      allowAccess: [{ startDate: '2024-01-01T00:00:00', endDate: '2030-12-31T23:59:59', credit: 100 }],
      zones,
    });
    assessmentFiles.push(path.join(root, rel));
  }
  return { root, infoFiles, questionIds, assessmentFiles, questionFiles };
}
