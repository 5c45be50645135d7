import * as fs from 'node:fs';
import * as path from 'node:path';
import { seededRandom } from './syntheticCourse';

/**
 * A course for the reference server's API figures: one course instance with `assessments`
 * assessments (alternating Homework and Exam) of `perAssessment` questions each.
 */
export function writeReferenceCourse(root: string, assessments: number, perAssessment: number): void {
  const random = seededRandom(4242);
  const uuid = () => {
    const h = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
  };
  const write = (rel: string, value: object | string) => {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  };
  write('infoCourse.json', {
    uuid: uuid(),
    name: 'BENCH 1',
    title: 'Reference server bench',
    timezone: 'America/Chicago',
    topics: [{ name: 'Arithmetic', color: 'blue1', description: 'Sums.' }],
    assessmentSets: [
      { abbreviation: 'HW', name: 'Homework', heading: 'Homework', color: 'green1' },
      { abbreviation: 'E', name: 'Exam', heading: 'Exams', color: 'brown1' },
    ],
  });
  const qids = Array.from({ length: assessments * perAssessment }, (_, i) => `q${i + 1}`);
  for (const qid of qids) {
    write(`questions/${qid}/info.json`, { uuid: uuid(), title: `Question ${qid}`, topic: 'Arithmetic', type: 'v3' });
    write(`questions/${qid}/question.html`, '<pl-question-panel>{{params.x}} + {{params.y}}</pl-question-panel>\n');
  }
  write('courseInstances/Fa26/infoCourseInstance.json', {
    uuid: uuid(),
    longName: 'Fall 2026',
    publishing: { startDate: '2026-08-24T00:00:01', endDate: '2026-12-18T23:59:59' },
  });
  for (let a = 0; a < assessments; a++) {
    const exam = a % 2 === 1;
    const number = String(Math.floor(a / 2) + 1);
    write(`courseInstances/Fa26/assessments/${exam ? 'Exam' : 'HW'}${number}/infoAssessment.json`, {
      uuid: uuid(),
      type: exam ? 'Exam' : 'Homework',
      title: `${exam ? 'Exam' : 'Homework'} ${number}`,
      set: exam ? 'Exam' : 'Homework',
      number,
      zones: [
        {
          questions: qids
            .slice(a * perAssessment, (a + 1) * perAssessment)
            .map((id) => (exam ? { id, points: [4, 2] } : { id, points: 2, maxPoints: 6 })),
        },
      ],
    });
  }
}
