// Courses the suites write for themselves: pl101's size (256 questions, each with a server.py, in 16
// assessments), in a git repository or as a plain folder, with a course instance named after the folder.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface GeneratedCourse {
  dir: string;
  /** The long name of its one course instance, as the tree shows it. */
  instanceName: string;
}

export function writeGeneratedCourse(name: string, options: { assessments: number; perAssessment: number; git: boolean }): GeneratedCourse {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pl-generated-')), name);
  const write = (rel: string, value: object | string) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
  };
  write('infoCourse.json', { uuid: randomUUID(), name: name.toUpperCase(), title: `Generated ${name}`, timezone: 'America/Chicago', topics: [{ name: 'Arithmetic', color: 'blue1', description: 'Sums.' }] });
  const instanceName = `Generated ${name} term`;
  write('courseInstances/Term/infoCourseInstance.json', { uuid: randomUUID(), longName: instanceName, publishing: { startDate: '2026-01-01T00:00:01', endDate: '2030-12-31T23:59:59' } });
  for (let a = 0; a < options.assessments; a++) {
    const qids: string[] = [];
    for (let q = 0; q < options.perAssessment; q++) {
      const qid = `a${a + 1}q${q + 1}`;
      qids.push(qid);
      write(`questions/${qid}/info.json`, { uuid: randomUUID(), title: `Sum ${qid}`, topic: 'Arithmetic', type: 'v3' });
      write(`questions/${qid}/question.html`, '<pl-question-panel>{{params.x}} + {{params.y}} = ?</pl-question-panel>\n<pl-number-input answers-name="sum"></pl-number-input>\n');
      write(`questions/${qid}/server.py`, 'import random\n\ndef generate(data):\n    data["params"]["x"] = random.randint(1, 9)\n    data["params"]["y"] = random.randint(1, 9)\n    data["correct_answers"]["sum"] = data["params"]["x"] + data["params"]["y"]\n');
    }
    write(`courseInstances/Term/assessments/HW${a + 1}/infoAssessment.json`, { uuid: randomUUID(), type: 'Homework', title: `Homework ${a + 1}`, set: 'Homework', number: String(a + 1), zones: [{ questions: qids.map((id) => ({ id, points: 1, maxPoints: 3 })) }] });
  }
  if (options.git) {
    const env = { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.com' };
    for (const args of [['init', '-q', '-b', 'master'], ['add', '-A'], ['commit', '-q', '-m', 'generated course']]) execFileSync('git', args, { cwd: dir, env });
  }
  return { dir, instanceName };
}
