// A course like a real one, for the agent tools' tests: a crashing server.py, a wrong correct
// answer, a question with every common input, a template, and assessments that use them.
import { BASE_COURSE, writeCourse, type CourseFiles } from '../../helpers/course';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const info = (n: number, title: string, extra: object = {}) => ({ uuid: uuid(n), title, topic: 'Basics', type: 'v3', ...extra });

export const ALL_INPUTS_HTML = `<pl-question-panel>
  <p>Answer every part for $a = {{params.a}}$.</p>
</pl-question-panel>
<pl-number-input answers-name="num" label="$a/2 =$"></pl-number-input>
<pl-integer-input answers-name="int" label="$2a =$"></pl-integer-input>
<pl-string-input answers-name="word" label="The word 'cat':"></pl-string-input>
<pl-symbolic-input answers-name="expr" variables="x" label="$a x$ ="></pl-symbolic-input>
<pl-multiple-choice answers-name="mc">
  <pl-answer correct="true">Right</pl-answer>
  <pl-answer correct="false">Wrong</pl-answer>
</pl-multiple-choice>
<pl-checkbox answers-name="cb">
  <pl-answer correct="true">Yes one</pl-answer>
  <pl-answer correct="true">Yes two</pl-answer>
  <pl-answer correct="false">No</pl-answer>
</pl-checkbox>
`;

export const FIXTURE_FILES: CourseFiles = {
  ...BASE_COURSE,
  'questions/crash/info.json': info(1, 'Divides by zero'),
  'questions/crash/question.html': '<pl-number-input answers-name="x"></pl-number-input>\n',
  'questions/crash/server.py': 'def generate(data):\n    data["params"]["x"] = 1 / 0\n',
  'questions/wrongAnswer/info.json': info(2, 'Wrong correct answer'),
  'questions/wrongAnswer/question.html': '<pl-number-input answers-name="x"></pl-number-input>\n',
  // The author's grade() wants 3 while correct_answers says 2: the correct answer scores 0.
  'questions/wrongAnswer/server.py':
    'def generate(data):\n    data["correct_answers"]["x"] = 2\n\ndef grade(data):\n    ok = data["submitted_answers"]["x"] == 3\n    data["partial_scores"]["x"] = {"score": 1 if ok else 0, "weight": 1}\n    data["score"] = data["partial_scores"]["x"]["score"]\n',
  'questions/allInputs/info.json': info(3, 'Every common input', { tags: ['mixed'] }),
  'questions/allInputs/question.html': ALL_INPUTS_HTML,
  'questions/allInputs/server.py':
    'import random\n\ndef generate(data):\n    a = random.randint(2, 9)\n    data["params"]["a"] = a\n    data["correct_answers"]["num"] = a / 2\n    data["correct_answers"]["int"] = 2 * a\n    data["correct_answers"]["word"] = "cat"\n    data["correct_answers"]["expr"] = f"{a}*x"\n',
  'questions/template/numeric/info.json': info(4, 'Template: numeric', { tags: ['template'] }),
  'questions/template/numeric/question.html': '<p>{{params.a}} + 1?</p>\n<pl-integer-input answers-name="y"></pl-integer-input>\n',
  'questions/template/numeric/server.py': 'def generate(data):\n    data["params"]["a"] = 4\n    data["correct_answers"]["y"] = 5\n',
  'questions/good/one/info.json': info(5, 'A good question'),
  'questions/good/one/question.html': '<pl-integer-input answers-name="n"></pl-integer-input>\n',
  'questions/good/one/server.py': 'def generate(data):\n    data["correct_answers"]["n"] = 7\n',
  'courseInstances/Fa26/infoCourseInstance.json': { uuid: uuid(10), longName: 'Fall 2026' },
  'courseInstances/Fa26/assessments/HW1/infoAssessment.json': {
    uuid: uuid(11),
    type: 'Homework',
    title: 'Homework 1',
    set: 'Homework',
    number: '1',
    zones: [{ questions: [{ id: 'good/one', points: 1 }, { id: 'allInputs', points: 1 }] }],
  },
  'courseInstances/Fa26/assessments/Quiz1/infoAssessment.json': {
    uuid: uuid(12),
    type: 'Exam',
    title: 'Quiz 1',
    set: 'Quiz',
    number: '1',
    zones: [{ questions: [{ alternatives: [{ id: 'good/one' }, { id: 'crash' }], points: 1 }] }],
  },
};

/** A fresh copy of the fixture course in a temporary folder (tools that write change it). */
export function fixtureCourse(): string {
  return writeCourse(FIXTURE_FILES);
}
