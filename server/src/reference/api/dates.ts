/** PrairieLearn's three timestamp formats (see the facts file, §2.1). */

const partsCache = new Map<string, Intl.DateTimeFormat>();
const nameCache = new Map<string, Intl.DateTimeFormat>();

function wallClock(date: Date, timeZone: string): Record<string, string> {
  let fmt = partsCache.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsCache.set(timeZone, fmt);
  }
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** Format 1: `YYYY-MM-DDTHH:MM:SS±HH:MM` in the course instance's zone, seconds truncated. */
export function formatDateIso(date: Date | null, timeZone: string): string | null {
  if (!date) return null;
  const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
  const p = wallClock(whole, timeZone);
  const localAsUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  const offsetMin = Math.round((localAsUtc - whole.getTime()) / 60000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sign}${hh}:${mm}`;
}

/** Format 2: the JavaScript Date JSON form, always UTC with milliseconds. */
export function formatDateUtc(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** Format 3: `YYYY-MM-DD HH:MM:SS (ABBR)` with ICU's en-US short zone name. */
export function formatDateHuman(date: Date, timeZone: string): string {
  const p = wallClock(date, timeZone);
  let fmt = nameCache.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    nameCache.set(timeZone, fmt);
  }
  const abbr = fmt.formatToParts(date).find((x) => x.type === 'timeZoneName')?.value ?? timeZone;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second} (${abbr})`;
}

/** PrairieLearn's formatInterval: `1d 2h 3min 4s`, `0s` for zero, each part signed when negative. */
export function formatInterval(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  let s = Math.floor(Math.abs(ms) / 1000);
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const min = Math.floor(s / 60);
  s -= min * 60;
  const parts: string[] = [];
  if (d) parts.push(`${sign}${d}d`);
  if (h) parts.push(`${sign}${h}h`);
  if (min) parts.push(`${sign}${min}min`);
  if (s) parts.push(`${sign}${s}s`);
  return parts.length ? parts.join(' ') : '0s';
}
