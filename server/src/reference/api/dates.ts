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

const offsetCache = new Map<string, number>();
const QUARTER_HOUR = 900_000;

/**
 * The zone's UTC offset in minutes at `ms`. Zones change offset only on quarter-hour boundaries, so
 * one ICU lookup per zone and quarter hour serves every timestamp in it (the gradebook formats tens
 * of thousands).
 */
function offsetMinutes(ms: number, timeZone: string): number {
  const bucket = Math.floor(ms / QUARTER_HOUR);
  const key = `${timeZone}|${bucket}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const at = bucket * QUARTER_HOUR;
    const p = wallClock(new Date(at), timeZone);
    offset = Math.round((Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - at) / 60000);
    if (offsetCache.size > 100_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Format 1: `YYYY-MM-DDTHH:MM:SS±HH:MM` in the course instance's zone, seconds truncated. */
export function formatDateIso(date: Date | null, timeZone: string): string | null {
  if (!date) return null;
  const ms = Math.floor(date.getTime() / 1000) * 1000;
  const offset = offsetMinutes(ms, timeZone);
  const local = new Date(ms + offset * 60000);
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
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
