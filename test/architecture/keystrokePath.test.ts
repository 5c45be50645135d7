// The keystroke path stays short: the files whose code runs between an edit of question.html and
// the diagnostic published for it (measured on the built bundle, dist/languageServer.js, as `npm
// test` builds it first). A new step of that pipeline belongs in a module already on the path,
// unless it is a rule of its own (one rule per module, each with its test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keystrokePathFiles } from './keystrokePath';

/** Files on the path: 30 measured (13 of them question.html rules) after merging the pipeline's one-step modules; 44-45 before. */
const MOST_FILES = 30;

test(`a keystroke in question.html runs code of at most ${MOST_FILES} files`, { timeout: 600_000 }, async () => {
  // Work that falls into one of the two measured runs only (a timer) can only add files: the
  // smallest of a few measurements is the figure. An empty one is a measurement that failed.
  let fewest: Map<string, number> | undefined;
  for (let attempt = 0; attempt < 3 && !(fewest && fewest.size <= MOST_FILES); attempt++) {
    const files = await keystrokePathFiles();
    if (files.size > 0 && (!fewest || files.size < fewest.size)) fewest = files;
  }
  assert.ok(fewest, 'no measurement saw a keystroke run any code: the measurement is broken');
  assert.ok(fewest.has('server/lib/questionHtml/template.ts'), 'the path includes the template scan');
  assert.ok(fewest.size <= MOST_FILES, `${fewest.size} files on the keystroke path:\n${[...fewest.keys()].join('\n')}`);
});
