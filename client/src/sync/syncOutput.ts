// What the sync terminal prints: PrairieLearn's ANSI output as it grows, a "Running..." line with the elapsed
// time while there is none to show, and the final status.
import type { SyncJob } from '../api/types';
import { isFinished } from './syncPoller';

const CLEAR_LINE = '\r\x1b[2K';
const DIM = (s: string) => `\x1b[2m${s}\x1b[22m`;
const GREEN = (s: string) => `\x1b[32m${s}\x1b[39m`;
const RED = (s: string) => `\x1b[91m${s}\x1b[39m`;
const YELLOW = (s: string) => `\x1b[93m${s}\x1b[39m`;

/** Terminals need CR LF; PrairieLearn writes LF. */
export function toTerminalText(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

export function stripAnsi(text: string): string {
  return text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
}

export function formatElapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** PrairieLearn's one-line verdict on the sync (✓ / ⚠ / ✖ …), if the output has one. */
export function syncSummary(output: string | null): string | undefined {
  if (!output) return undefined;
  const lines = stripAnsi(output).split('\n');
  return lines.find((l) => /^[✓⚠✖] /.test(l.trim()) && !l.startsWith('  '))?.trim();
}

/** Turns successive snapshots of a job into the text to append to a terminal. */
export class SyncOutputRenderer {
  private printed = '';
  private statusShown = false;

  /** The text to write for this snapshot (may be empty). */
  update(job: SyncJob, elapsedMs: number): string {
    let text = '';
    if (job.output != null && job.output !== this.printed) {
      text += this.clearStatus();
      if (job.output.startsWith(this.printed)) text += toTerminalText(job.output.slice(this.printed.length));
      else text += toTerminalText(`\n${DIM('(the server restarted the output)')}\n${job.output}`);
      this.printed = job.output;
    }
    if (!isFinished(job)) {
      // Redraw the status line only below complete lines, never over a line still being written.
      if (this.printed === '' || this.printed.endsWith('\n')) {
        text += this.clearStatus() + DIM(`Running... ${formatElapsed(elapsedMs)}`);
        this.statusShown = true;
      }
      return text;
    }
    text += this.clearStatus();
    if (this.printed && !this.printed.endsWith('\n')) text += '\r\n';
    if (job.output == null) text += toTerminalText(DIM('PrairieLearn kept no output for this job.') + '\n');
    const verdict = `Sync ${job.status === 'Success' ? 'finished' : 'ended'}: ${job.status} (${formatElapsed(elapsedMs)})`;
    const colour = job.status === 'Success' ? GREEN : job.status === 'Error' ? RED : YELLOW;
    return text + '\r\n' + colour(verdict) + '\r\n';
  }

  private clearStatus(): string {
    if (!this.statusShown) return '';
    this.statusShown = false;
    return CLEAR_LINE;
  }
}
