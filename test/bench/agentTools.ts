import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BenchSection } from './context';
import { median, percentile } from './stats';
import { descendantsCpuMs } from './processTreeCpu';
import { AgentTools } from '../../server/lib/agentTools';
import { QuestionRuntime } from '../../server/lib/runtime';

const EDITS = 20;
// Enough calls that the nearest-rank p95 is not simply the slowest call.
const TESTS = 40;

/** `check` of `file` after each of EDITS edits to its title, after a first whole-course check: milliseconds each. */
async function timeFileChecks(root: string, file: string): Promise<{ first: number; each: number[] }> {
  const tools = new AgentTools({ folders: [root] });
  try {
    const t0 = performance.now();
    const whole = await tools.run('check', { limit: 1 });
    const first = performance.now() - t0;
    if (whole.isError) throw new Error(whole.text);
    const text = fs.readFileSync(file, 'utf8');
    const each: number[] = [];
    for (let i = 0; i < EDITS + 2; i++) {
      fs.writeFileSync(file, text.replace(/"title": "/, `"title": "Edit ${i} `));
      const t = performance.now();
      const r = await tools.run('check', { path: file });
      if (r.isError) throw new Error(r.text);
      if (i >= 2) each.push(performance.now() - t);
    }
    fs.writeFileSync(file, text);
    return { first, each };
  } finally {
    await tools.dispose();
  }
}

/**
 * (a) The agent tools: `check` of a one-file change on the 10,000-question course after its first
 * whole check (against the same on the 100-question course), and `test_question` of one variant
 * with warm Python helpers (against a bare render of the same question).
 */
export const agentToolsSection: BenchSection = {
  name: '(a) agent tools',
  async run(ctx) {
    const pick = (c: typeof ctx.big) => path.join(c.root, 'questions', ...c.questionIds[Math.floor(c.questionIds.length / 2)].split('/'), 'info.json');
    const small = await timeFileChecks(ctx.small.root, pick(ctx.small));
    const big = await timeFileChecks(ctx.big.root, pick(ctx.big));
    const p95 = percentile(big.each, 95);
    ctx.add({ section: this.name, measure: 'check, whole 10,000-question course, first call', value: big.first, unit: 'ms' });
    ctx.add({
      section: this.name,
      measure: 'check of a one-file change, 10,000 questions (median)',
      value: median(big.each),
      unit: 'ms',
      baseline: { label: '100 questions', value: median(small.each) },
    });
    ctx.add({ section: this.name, measure: 'check of a one-file change, 10,000 questions (p95)', value: p95, unit: 'ms', target: { text: 'p95 < 200 ms', met: p95 < 200 } });

    // A runnable question in the big course (its synthetic questions are for the checker), removed after.
    const qid = 'zzAgentBench/numeric';
    const dir = path.join(ctx.big.root, 'questions', ...qid.split('/'));
    fs.cpSync(path.join(ctx.repo, 'server/demo-course/questions/template/numericAnswer'), dir, { recursive: true });
    const tools = new AgentTools({ folders: [ctx.big.root], runtime: { poolSize: 2 } });
    const runtime = new QuestionRuntime({ poolSize: 1 });
    try {
      // CPU of this process and of the Python helpers below it: what the calls cost, whatever else the machine runs.
      const cpuNow = () => {
        const own = process.cpuUsage();
        return (own.user + own.system) / 1000 + descendantsCpuMs();
      };
      const times: number[] = [];
      let testCpu = 0;
      for (let i = 0; i < TESTS + 2; i++) {
        const c = cpuNow();
        const t = performance.now();
        const r = await tools.run('test_question', { qid, seeds: [`b${i}`] });
        if (r.isError || !(r.data as { passed: boolean }).passed) throw new Error(r.text);
        if (i >= 2) times.push(performance.now() - t), (testCpu += cpuNow() - c);
      }
      const variant = await runtime.createVariant(ctx.big.root, qid, 'b0');
      const bare: number[] = [];
      let bareCpu = 0;
      for (let i = 0; i < TESTS + 2; i++) {
        const c = cpuNow();
        const t = performance.now();
        await runtime.render(variant);
        if (i >= 2) bare.push(performance.now() - t), (bareCpu += cpuNow() - c);
      }
      const testP95 = percentile(times, 95);
      ctx.add({ section: this.name, measure: 'test_question, 1 variant, warm (median)', value: median(times), unit: 'ms', baseline: { label: 'one render', value: median(bare) } });
      ctx.add({ section: this.name, measure: 'test_question, 1 variant, warm (p95)', value: testP95, unit: 'ms', target: { text: 'p95 < 200 ms', met: testP95 < 200 } });
      ctx.add({
        section: this.name,
        measure: 'test_question, 1 variant, warm (CPU, Node + Python, mean)',
        value: testCpu / TESTS,
        unit: 'ms',
        baseline: { label: 'one render (CPU)', value: bareCpu / TESTS },
        note: 'about 7 Python calls a variant',
      });
    } finally {
      await Promise.all([tools.dispose(), runtime.dispose()]);
      fs.rmSync(path.join(ctx.big.root, 'questions', 'zzAgentBench'), { recursive: true, force: true });
    }
  },
};
