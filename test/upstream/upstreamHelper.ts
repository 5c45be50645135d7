// The client of pl_unit.py: PrairieLearn's own question code, one call unit per request.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';
import type { PhaseJob } from '../../server/lib/runtime/pythonPool';

export interface UpstreamResult {
  data: Record<string, any>;
  html: string | null;
  fatal: boolean;
  issues: string[];
}

export class UpstreamHelper {
  private readonly proc: ChildProcessWithoutNullStreams;
  private readonly ready: Promise<void>;
  private waiting: Array<(line: string) => void> = [];
  private nextId = 1;
  private exited?: string;

  constructor(python: string, checkout: string, ourPythonRoot: string) {
    this.proc = spawn(python, ['-u', path.join(__dirname, 'pl_unit.py'), checkout, ourPythonRoot], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    this.proc.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-3000)));
    // Without this a helper that cannot start (a missing package) would end the run silently.
    this.proc.on('exit', (code) => {
      for (const w of this.waiting.splice(0)) w(JSON.stringify({ error: { message: `pl_unit.py ended (${code}): ${stderr}` } }));
      this.exited = `pl_unit.py ended (${code}): ${stderr}`;
    });
    const lines = readline.createInterface({ input: this.proc.stdout });
    lines.on('line', (line) => this.waiting.shift()?.(line));
    this.ready = new Promise((resolve) => this.waiting.push(() => resolve()));
  }

  /** Runs one call unit; a unit that failed as a whole gives one fatal result per job. */
  async run(courseRoot: string, questionDir: string, jobs: PhaseJob[]): Promise<UpstreamResult[]> {
    await this.ready;
    if (this.exited) throw new Error(this.exited);
    const id = this.nextId++;
    const line = await new Promise<string>((resolve) => {
      this.waiting.push(resolve);
      this.proc.stdin.write(JSON.stringify({ id, courseRoot, questionDir, jobs }) + '\n');
    });
    const reply = JSON.parse(line) as { results?: UpstreamResult[]; error?: { message: string } };
    if (reply.results) return reply.results;
    return jobs.map((j) => ({ data: j.data as Record<string, any>, html: null, fatal: true, issues: [reply.error?.message ?? 'no answer'] }));
  }

  dispose(): void {
    this.proc.stdin.end();
  }
}
