import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchSection } from '../context';
import { runNodeMedian } from '../childProcess';
import { timeMedian } from '../stats';

/**
 * (a) The floor: reading every file the checker reads (info files, question.html, server.py) and
 * JSON.parse of the info files, which no checker can beat. Measured in this process (for the
 * in-process checker) and as a process of its own (for pl-check).
 */
export const floorSection: BenchSection = {
  name: '(a) floor',
  run(ctx) {
    const files = [...ctx.big.infoFiles, ...ctx.big.questionFiles];
    const inProcess = timeMedian(5, () => {
      for (const file of files) {
        const text = fs.readFileSync(file, 'utf8');
        if (file.endsWith('.json')) JSON.parse(text);
      }
    });
    const list = path.join(os.tmpdir(), `bench-files-${process.pid}.txt`);
    fs.writeFileSync(list, files.join('\n'));
    const child = runNodeMedian(3, [path.join(__dirname, '../floorChild.cjs'), list], ctx.repo);
    fs.rmSync(list);
    ctx.baselines.set('floor.cpu', inProcess.cpu);
    ctx.baselines.set('floor.wall', inProcess.wall);
    ctx.baselines.set('floorChild.cpu', child.cpu);
    ctx.baselines.set('floorChild.wall', child.wall);
    const n = `${files.length} files`;
    ctx.add({ section: this.name, measure: `read + parse, ${n}, in process (CPU)`, value: inProcess.cpu, unit: 'ms' });
    ctx.add({ section: this.name, measure: `read + parse, ${n}, in process (wall)`, value: inProcess.wall, unit: 'ms' });
    ctx.add({ section: this.name, measure: `read + parse, ${n}, child process (CPU)`, value: child.cpu, unit: 'ms' });
    ctx.add({ section: this.name, measure: `read + parse, ${n}, child process (wall)`, value: child.wall, unit: 'ms' });
  },
};
