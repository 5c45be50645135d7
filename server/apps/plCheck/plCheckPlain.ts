#!/usr/bin/env node
// pl-check without its start-up machinery, built by `node build.mjs --plain-pl-check` in place of
// plCheck.ts: one ordinary bundle, compiled by node as any script, whose second thread runs the same
// file again. It does what plCheck.ts does, only slower to start (figures there).
import { isMainThread, parentPort } from 'node:worker_threads';
import { runMcpBundle, startQuestionFileThread } from './launch';
import { runPlCheck } from './plCheckCommand';
import { serveQuestionFiles } from './questionFileServer';

if (!isMainThread) serveQuestionFiles(parentPort!);
else if (process.argv[2] === 'mcp') runMcpBundle(process.argv.slice(3));
else {
  const argv = process.argv.slice(2);
  void runPlCheck(argv, startQuestionFileThread(argv, __filename));
}
