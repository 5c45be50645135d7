// Runs one call of a legacy v2 question (Calculation, Checkbox, MultipleChoice, MultipleTrueFalse,
// File) in its own Node process, as PrairieLearn's calculation worker does: the request is one JSON
// line on stdin, the result one JSON line on fd 3; whatever the course code prints goes to stdout
// and stderr, which the runtime reports as output. Calls: generate, render, grade.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { createLoader } = require('./lib/amd');
const servers = require('./lib/QServer');
const { TEMPLATES } = require('./lib/builtinTemplates');
const { fillTemplate, submittedFromRaw } = require('./lib/template');

const LIBRARIES = {
  underscore: () => require('underscore'),
  sylvester: () => require('sylvester'),
  numeric: () => require('numeric'),
  mersenne: () => require('./lib/mersenne'),
  PrairieRandom: () => require('./lib/PrairieRandom'),
  PrairieGeom: () => require('./lib/PrairieGeom'),
  QServer: () => servers.QServer,
  CBQServer: () => servers.CheckboxServer,
  MCQServer: () => servers.MultipleChoiceServer,
  MTFServer: () => servers.MultipleTrueFalseServer,
};

const BUILTIN_SERVERS = {
  Checkbox: () => new servers.CheckboxServer(),
  MultipleChoice: () => new servers.MultipleChoiceServer(),
  MultipleTrueFalse: () => new servers.MultipleTrueFalseServer(),
  File: () => servers.fileServer,
};

/** The question's own server.js, or the type's built-in one when it has none (as PrairieLearn falls back). */
function loadServer(req) {
  const own = path.join(req.questionDir, 'server.js');
  if (fs.existsSync(own)) return createLoader(req.coursePath, LIBRARIES).loadFile(own);
  if (BUILTIN_SERVERS[req.type]) return BUILTIN_SERVERS[req.type]();
  throw new Error(`a "${req.type}" question needs a server.js`);
}

function panelTemplate(req, panel) {
  if (TEMPLATES[req.type]) return { text: TEMPLATES[req.type][panel], twice: true };
  const file = path.join(req.questionDir, `${panel}.html`);
  return { text: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '', twice: false };
}

function helpers() {
  return {
    questionFile: (name) => `plfile:/questionFiles/${name}`,
    clientFile: (name) => `plfile:/clientFilesCourse/${name}`,
    generatedQuestionFile: (name) => `plfile:/generatedFilesQuestion/variant/${name}`,
    testFile: () => '',
  };
}

function fill(req, panel, data) {
  const t = panelTemplate(req, panel);
  return fillTemplate(t.text, data, helpers(), { twice: t.twice, editable: panel === 'question' });
}

/** The true answer as the v2 client would submit it (what pl-check --test grades). */
function trueSubmission(req) {
  const t = req.trueAnswer || {};
  if (req.type === 'Checkbox') {
    const keys = (t.correctAnswers || []).map((a) => a.key);
    return Object.fromEntries(req.params.answers.map((a) => [a.key, keys.includes(a.key)]));
  }
  if (req.type === 'MultipleChoice') return { key: t.key };
  if (req.type === 'MultipleTrueFalse') return Object.fromEntries((t.correctAnswers || []).flatMap((v, i) => [[`q${i}-true`, v === true], [`q${i}-false`, v === false]]));
  return t;
}

const CALLS = {
  generate(req) {
    const server = loadServer(req);
    const options = req.options || {};
    const data = server.getData(req.seed, options, req.questionDir);
    return { params: data.params ?? null, true_answer: data.trueAnswer ?? null, options: data.options || options || {} };
  },
  render(req) {
    return { panels: req.panels.map((p) => fill(req, p.panel, p.data)) };
  },
  parse(req) {
    const { answers } = fill(req, 'question', { params: req.params, trueAnswer: req.trueAnswer });
    return { submitted_answer: submittedFromRaw(answers, req.raw || {}) };
  },
  grade(req) {
    const submitted = req.useTrueAnswer ? trueSubmission(req) : CALLS.parse(req).submitted_answer;
    const server = loadServer(req);
    const grading = server.gradeAnswer(req.seed, req.params, req.trueAnswer, submitted, req.options, req.questionDir);
    // Without partial credit a v2 score rounds to 0 or 1, half rounding up.
    const score = req.partialCredit ? grading.score : grading.score >= 0.5 ? 1 : 0;
    return { score, v2_score: grading.score, feedback: grading.feedback ?? {}, submitted_answer: submitted };
  },
};

const stdin = fs.readFileSync(0, 'utf8');
let reply;
try {
  const req = JSON.parse(stdin);
  reply = { ok: true, result: CALLS[req.func](req) };
} catch (err) {
  reply = { ok: false, message: err && err.message ? err.message : String(err), stack: err && err.stack ? String(err.stack) : undefined };
}
fs.writeSync(3, `${JSON.stringify(reply)}\n`);
