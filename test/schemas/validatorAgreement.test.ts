import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateAgainstSchema } from '../../server/lib/course/schemaValidation';
import { corpus, MUTATION_KINDS, mutationDocuments, prairieLearnValidators } from './mutationCorpus';

/** Each kind of mutation must yield at least this many files PrairieLearn rejects, so agreement means something. */
const MIN_INVALID_PER_KIND = 15;

const reference = prairieLearnValidators();

test('our schema validation gives PrairieLearn’s ajv verdict on every corpus document', () => {
  const disagreements: string[] = [];
  for (const doc of corpus()) {
    const expected = reference[doc.kind](doc.data);
    const problems = validateAgainstSchema(doc.kind, doc.data);
    if (expected !== (problems.length === 0)) {
      disagreements.push(`${doc.name}: ajv says ${expected ? 'valid' : JSON.stringify(reference[doc.kind].errors)}, ours ${problems.length ? JSON.stringify(problems) : 'valid'}`);
    }
  }
  assert.deepEqual(disagreements.slice(0, 10), []);
});

test('the corpus has both verdicts and enough invalid documents of every mutation kind', () => {
  const invalidByKind = new Map<string, number>(MUTATION_KINDS.map((k) => [k, 0]));
  for (const doc of mutationDocuments()) {
    if (!reference[doc.kind](doc.data)) invalidByKind.set(doc.mutation!, invalidByKind.get(doc.mutation!)! + 1);
  }
  const tooFew = [...invalidByKind].filter(([, n]) => n < MIN_INVALID_PER_KIND);
  assert.deepEqual(tooFew, [], `each mutation kind needs ${MIN_INVALID_PER_KIND} invalid documents`);

  const valid = corpus().filter((doc) => reference[doc.kind](doc.data)).length;
  assert.ok(valid >= 100, `only ${valid} valid documents: agreement on valid files would be untested`);
});
