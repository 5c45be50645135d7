// The second thread of pl-check on its own: build.mjs bundles this entry apart (see
// bundledSources.ts), so that the thread loads only the question file checkers.
import { parentPort } from 'node:worker_threads';
import { serveQuestionFiles } from './questionFileServer';

serveQuestionFiles(parentPort!);
