// The page head brings the course's extensions of a rendered element after everything else, as
// PrairieLearn's question-servers/freeform.ts (88fb855) orders them (extensionStyles, extensionScripts
// under elementExtensions/<element>/<extension>/), each once, with the render's nonce and marked with
// the element they extend; an extension without page files adds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildHeadHtml } from '../../../server/lib/runtime/headHtml';
import type { QuestionSource } from '../../../server/lib/runtime/question';

const question = { dependencies: { clientFilesQuestionScripts: ['own.js'] } } as unknown as QuestionSource;

test("an element's extensions' styles and scripts come last, marked, with the nonce", () => {
  const drawing = {
    name: 'pl-drawing', course: false, dependencies: { elementScripts: ['pl-drawing.js'], elementStyles: ['pl-drawing.css'] },
    extensions: { chip: { extensionScripts: ['chip.js'], extensionStyles: ['chip.css'] }, plain: {}, ring: { extensionScripts: ['ring.js'] } },
  };
  const head = buildHeadHtml(question, [drawing, drawing], 'N').split('\n');
  assert.deepEqual(head, [
    '<link href="plfile:/coreElements/pl-drawing/pl-drawing.css" rel="stylesheet">',
    '<link href="plfile:/courseElementExtensions/pl-drawing/chip/chip.css" rel="stylesheet">',
    '<script src="plfile:/coreElements/pl-drawing/pl-drawing.js" nonce="N"></script>',
    '<script src="plfile:/clientFilesQuestion/own.js" nonce="N"></script>',
    '<script src="plfile:/courseElementExtensions/pl-drawing/chip/chip.js" nonce="N" data-element-extension="pl-drawing"></script>',
    '<script src="plfile:/courseElementExtensions/pl-drawing/ring/ring.js" nonce="N" data-element-extension="pl-drawing"></script>',
  ]);
});
