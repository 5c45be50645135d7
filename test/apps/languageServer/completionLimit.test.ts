import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { cursor, LspClient, temporaryFolder } from './lspClient';
import { BASE_COURSE, writeCourse } from '../../helpers/course';

test('a course with thousands of QIDs sends only the matches of what is typed, at most 500', async () => {
  const files: Record<string, string | object> = { ...BASE_COURSE };
  for (let i = 0; i < 1200; i++) {
    files[`questions/unit${i % 10}/q${i}/info.json`] = { uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, title: `Q${i}`, topic: 'Basics', type: 'v3' };
  }
  const assessment = 'courseInstances/ci/assessments/hw/infoAssessment.json';
  files['courseInstances/ci/infoCourseInstance.json'] = { uuid: '10000000-0000-4000-8000-000000000000', longName: 'CI' };
  files[assessment] = { uuid: '20000000-0000-4000-8000-000000000000', type: 'Homework', title: 'HW', set: 'Homework', number: '1', zones: [{ questions: [{ id: 'unit0/q0', points: 1 }] }] };
  const root = writeCourse(files, path.join(temporaryFolder(), 'course'));
  const client = await LspClient.start([root]);
  try {
    const file = path.join(root, assessment);
    const complete = async (typed: string) => {
      const { text, position } = cursor(JSON.stringify(files[assessment] as object, null, 2).replace('"unit0/q0"', `"${typed}|"`));
      await client.open(file, text);
      const labels = (await client.completion(file, position)).map((i) => i.label);
      await client.close(file);
      return labels;
    };
    const all = await complete('');
    assert.equal(all.filter((l) => l.startsWith('unit')).length, 500);
    const some = await complete('u3q11');
    assert.deepEqual(
      some.filter((l) => l.startsWith('unit')),
      ['unit3/q1013', 'unit3/q1103', 'unit3/q1113', 'unit3/q1123', 'unit3/q113', 'unit3/q1133', 'unit3/q1143', 'unit3/q1153', 'unit3/q1163', 'unit3/q1173', 'unit3/q1183', 'unit3/q1193'],
    );
  } finally {
    await client.stop();
  }
});
