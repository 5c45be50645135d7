// v2 question servers: the base QServer (its gradeAnswer compares the submitted answer with the true
// answer within relTol/absTol, or scores an error) and the built-in servers of the Checkbox,
// MultipleChoice, MultipleTrueFalse and File question types, which read their choices from info.json's
// "options". Written from the behaviour of PrairieLearn's own (same draws in the same order).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const geom = require('./PrairieGeom');
const { RandomGenerator } = require('./PrairieRandom');

function QServer() {}

QServer.prototype.gradeAnswer = function (vid, params, trueAnswer, submittedAnswer, options) {
  options = { type: 'equal', relTol: 1e-2, absTol: 1e-8, ...(options || {}) };
  let trueAns = trueAnswer;
  let subAns = submittedAnswer;
  if (this.transformTrueAnswer) trueAns = this.transformTrueAnswer(vid, params, trueAns, subAns, options);
  if (this.transformSubmittedAnswer) subAns = this.transformSubmittedAnswer(vid, params, trueAns, subAns, options);
  if (options.type === 'equal') return { score: geom.checkEqual(trueAns, subAns, options.relTol, options.absTol) ? 1 : 0 };
  if (options.type === 'error') {
    const error = this.submittedAnswerError ? this.submittedAnswerError(vid, params, trueAns, subAns, options) : geom.absError(trueAns, subAns);
    return { score: geom.errorToScore(error, options.absTol) };
  }
  throw new Error(`Unknown gradeAnswer type: ${options.type}`);
};

/** Fills the missing keys in place, as PrairieLearn's servers do: the variant's options then carry the defaults. */
function withDefaults(options, defaults) {
  const o = options || {};
  for (const [k, v] of Object.entries(defaults)) if (o[k] === undefined) o[k] = v;
  return o;
}
const lettered = (texts) => texts.map((text, i) => ({ key: String.fromCharCode(97 + i), text }));

function CheckboxServer() {}
CheckboxServer.prototype = new QServer();
CheckboxServer.prototype.getData = function (vid, options) {
  const rand = new RandomGenerator(vid);
  const o = withDefaults(options, {
    text: 'Question text not defined.', correctAnswers: ['Correct answers not defined.'], incorrectAnswers: ['Incorrect answers not defined.'],
    numberAnswers: 5, minCorrectAnswers: 1, maxCorrectAnswers: 3,
  });
  const maxCorrect = Math.min(o.maxCorrectAnswers, o.correctAnswers.length);
  const minCorrect = Math.min(Math.max(o.minCorrectAnswers, o.numberAnswers - o.incorrectAnswers.length), maxCorrect);
  const numberCorrect = rand.randInt(minCorrect, maxCorrect);
  const numberIncorrect = Math.min(o.numberAnswers - numberCorrect, o.incorrectAnswers.length);
  const texts = [...rand.randNElem(numberCorrect, o.correctAnswers), ...rand.randNElem(numberIncorrect, o.incorrectAnswers)];
  const perm = rand.shuffle(texts);
  const answers = lettered(texts);
  // Sorted as strings, as Array.prototype.sort does by default.
  const trueIndexes = Array.from({ length: numberCorrect }, (_, i) => perm.indexOf(i)).sort();
  return { params: { text: o.text, answers }, trueAnswer: { correctAnswers: trueIndexes.map((i) => answers[i]) } };
};
CheckboxServer.prototype.transformTrueAnswer = function (vid, params, trueAns) {
  const keys = trueAns.correctAnswers.map((a) => a.key);
  return Object.fromEntries(params.answers.map((a) => [a.key, keys.includes(a.key)]));
};

function MultipleChoiceServer() {}
MultipleChoiceServer.prototype = new QServer();
MultipleChoiceServer.prototype.getData = function (vid, options) {
  const rand = new RandomGenerator(vid);
  const o = withDefaults(options, { text: 'Question text not defined.', correctAnswers: ['Correct answers not defined.'], incorrectAnswers: ['Incorrect answers not defined.'], numberAnswers: 5 });
  const numberIncorrect = Math.min(o.numberAnswers - 1, o.incorrectAnswers.length);
  const texts = [...rand.randNElem(1, o.correctAnswers), ...rand.randNElem(numberIncorrect, o.incorrectAnswers)];
  const perm = rand.shuffle(texts);
  const answers = lettered(texts);
  const trueAnswer = answers[perm.indexOf(0)];
  return { params: { text: o.text, answers }, trueAnswer: { key: trueAnswer.key, text: trueAnswer.text } };
};
MultipleChoiceServer.prototype.transformTrueAnswer = (vid, params, trueAns) => ({ key: trueAns.key });

function MultipleTrueFalseServer() {}
MultipleTrueFalseServer.prototype = new QServer();
MultipleTrueFalseServer.prototype.getData = function (vid, options) {
  const rand = new RandomGenerator(vid);
  const o = withDefaults(options, { text: '', trueStatements: [], falseStatements: [], correctScore: 1, incorrectScore: 0, guessingPenalty: 0 });
  const statements = [...o.trueStatements, ...o.falseStatements];
  const truth = statements.map((_, i) => i < o.trueStatements.length);
  rand.shuffle(statements, truth);
  return { params: { statements: statements.map((statement, i) => ({ key: `q${i}`, statement })), text: o.text }, trueAnswer: { correctAnswers: truth } };
};
MultipleTrueFalseServer.prototype.gradeAnswer = function (vid, params, trueAnswer, submittedAnswer, options) {
  const truth = trueAnswer.correctAnswers;
  let score = 0;
  truth.forEach((t, i) => {
    const saidTrue = submittedAnswer[`q${i}-true`];
    const saidFalse = submittedAnswer[`q${i}-false`];
    if ((t && saidTrue) || (!t && saidFalse)) score += options.correctScore;
    else if (saidTrue || saidFalse) score += options.incorrectScore + options.guessingPenalty;
    else score += options.incorrectScore;
  });
  return { score: Math.max(score / (options.correctScore * truth.length), 0) };
};

/** The File type: the file named in options, offered for download; any submission scores 1. */
const fileServer = {
  getData(vid, options, questionDir) {
    const data = fs.readFileSync(path.join(questionDir, options.fileName));
    return { params: { fileData: encodeURIComponent(data.toString('base64')), fileName: options.fileName }, trueAnswer: {} };
  },
  gradeAnswer: () => ({ score: 1 }),
};

module.exports = { QServer, CheckboxServer, MultipleChoiceServer, MultipleTrueFalseServer, fileServer };
