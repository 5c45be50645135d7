import type { Api } from '../../../lib/protocol';
import { writeMsIso } from './dates';

/** A gradebook user's own fields; their cells are written from `GradebookRow.cells`. */
export type GradebookUser = Omit<Api.GradebookUser, 'assessments'>;

/**
 * A user with their chosen instances as the users query sends them (migration 0003's
 * gradebook_rows), or null for none: per assessment
 * `assessment_id,score_perc,max_points,points,instance_id,start_seconds,duration_seconds`, assessments
 * separated by `;` in any order, floats as PostgreSQL writes them (NaN and infinities already
 * `null`), start in whole seconds since 1970, `null` for a missing value.
 */
export interface GradebookRow extends GradebookUser {
  cells: string | null;
}

/** The constant part of an assessment's cell, the same for every user. */
export type GradebookAssessment = Pick<
  Api.GradebookCell,
  'assessment_id' | 'assessment_name' | 'assessment_label' | 'assessment_set_abbreviation' | 'assessment_number'
>;

const j = JSON.stringify;
const COMMA = 44;
const SEMICOLON = 59;

/**
 * Buffers of answers that have been sent, for the next ones: a fresh 16 MB per request made V8 run
 * a full garbage collection for "external memory pressure" on almost every request.
 */
const spare: Buffer[] = [];
const SPARE_COUNT = 2;

/** Appends to one growing buffer: constant parts as bytes, ASCII as latin1, the rest as UTF-8. */
class ByteWriter {
  private buf: Buffer;
  private at = 0;

  /** `expected`: the likely size, so that a 16 MB answer is not copied on every doubling. */
  constructor(expected: number) {
    const size = Math.max(expected, 1 << 16);
    const reused = spare.findIndex((b) => b.length >= size);
    this.buf = reused < 0 ? Buffer.allocUnsafe(size) : spare.splice(reused, 1)[0];
  }

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.at);
    this.at += b.length;
  }

  /** Text known to be ASCII (JSON punctuation). */
  ascii(s: string): void {
    this.room(s.length);
    this.at += this.buf.write(s, this.at, 'latin1');
  }

  text(s: string): void {
    this.room(Buffer.byteLength(s));
    this.at += this.buf.write(s, this.at, 'utf8');
  }

  /** `s` from `from` to the next `,` or `;` (or its end), copied as is; returns where that ends. */
  field(s: string, from: number): number {
    let end = from;
    while (end < s.length && s.charCodeAt(end) !== COMMA && s.charCodeAt(end) !== SEMICOLON) end++;
    this.room(end - from);
    for (let i = from; i < end; i++) this.buf[this.at++] = s.charCodeAt(i);
    return end;
  }

  /**
   * A float field as JSON.stringify writes the number: PostgreSQL's shortest text has the same
   * digits, and the same form except for exponents (`1e-05`, `1e+16`: JavaScript writes those
   * between 1e-7 and 1e21 in full) and `-0`; those few go through Number and String.
   */
  number(s: string, from: number): number {
    this.room(24);
    const buf = this.buf;
    const start = this.at;
    let at = start;
    let end = from;
    let plain = true;
    for (let c = 0; end < s.length && (c = s.charCodeAt(end)) !== COMMA && c !== SEMICOLON; end++) {
      if (c === 101 || at - start === 24) plain = false;
      else buf[at++] = c;
    }
    if (plain && !(at - start === 2 && buf[start] === 45 && buf[start + 1] === 48)) {
      this.at = at;
      return end;
    }
    const n = Number(s.slice(from, end));
    this.ascii(Number.isFinite(n) ? String(n) : 'null');
    return end;
  }

  /** A start time in whole seconds (or `null`) as a quoted format-1 date in `timeZone`. */
  date(s: string, from: number, timeZone: string): number {
    if (s.charCodeAt(from) === 110) return this.field(s, from); // null
    let end = from;
    const negative = s.charCodeAt(end) === 45;
    if (negative) end++;
    let seconds = 0;
    for (let c = 0; end < s.length && (c = s.charCodeAt(end)) !== COMMA && c !== SEMICOLON; end++) seconds = seconds * 10 + (c - 48);
    this.room(64);
    this.buf[this.at++] = 34;
    this.at = writeMsIso(this.buf, this.at, (negative ? -seconds : seconds) * 1000, timeZone);
    this.buf[this.at++] = 34;
    return end;
  }

  /** The text written, and the function to call once it has been sent and may be overwritten. */
  done(): GradebookBody {
    const buf = this.buf;
    return {
      body: buf.subarray(0, this.at),
      release: () => {
        if (spare.length < SPARE_COUNT && !spare.includes(buf)) spare.push(buf);
      },
    };
  }
}

export interface GradebookBody {
  body: Buffer;
  release(): void;
}

const MAX_POINTS = Buffer.from(',\n        "max_points": ');
const POINTS = Buffer.from(',\n        "points": ');
const INSTANCE_ID = Buffer.from(',\n        "assessment_instance_id": "');
const START_DATE = Buffer.from('",\n        "start_date": ');
const DURATION = Buffer.from(',\n        "duration_seconds": ');
const CELL_END = Buffer.from('\n      }');
const EMPTY_CELL = Buffer.from(
  'null,\n        "max_points": null,\n        "points": null,\n' +
    '        "assessment_instance_id": null,\n        "start_date": null,\n        "duration_seconds": null\n      }',
);

/**
 * The gradebook as the exact bytes of `JSON.stringify(body, null, 2)`, written directly into one
 * buffer: with thousands of students it is tens of thousands of cells, and building and then
 * stringifying objects (or even strings) for them costs several times the database queries. Each
 * assessment's constant part is encoded once and copied for every student; the cells' values are
 * copied from the query's text.
 */
export function gradebookBytes(users: GradebookRow[], assessments: GradebookAssessment[], timeZone: string): GradebookBody {
  if (users.length === 0) return { body: Buffer.from('[]'), release: () => undefined };
  // Each with the comma that separates it from the previous one, but the first.
  const heads = assessments.map((a, ai) =>
    Buffer.from(
      `${ai ? ',\n' : ''}      {\n        "assessment_id": ${j(a.assessment_id)},\n        "assessment_name": ${j(a.assessment_name)},\n` +
        `        "assessment_label": ${j(a.assessment_label)},\n        "assessment_set_abbreviation": ${j(a.assessment_set_abbreviation)},\n` +
        `        "assessment_number": ${j(a.assessment_number)},\n        "score_perc": `,
    ),
  );
  // Where each assessment's cell starts in the user's text (after its id), or -1. Cells of
  // assessments not in the list (without an assessment set) are left out, as PrairieLearn does.
  const at = new Int32Array(assessments.length);
  const column = new Map(assessments.map((a, i) => [a.assessment_id, i]));
  // Heads plus a full cell's values (about 200 bytes) per assessment, and a user's fields, per user.
  const perUser = heads.reduce((n, h) => n + h.length + 200, 300);
  const w = new ByteWriter(users.length * perUser);
  w.ascii('[');
  users.forEach((u, ui) => {
    w.text(
      `${ui ? ',' : ''}\n  {\n    "user_id": ${j(u.user_id)},\n    "user_uid": ${j(u.user_uid)},\n    "user_uin": ${j(u.user_uin)},\n` +
        `    "user_name": ${j(u.user_name)},\n    "user_role": ${j(u.user_role)},\n    "assessments": `,
    );
    if (assessments.length === 0) {
      w.ascii('[]\n  }');
      return;
    }
    w.ascii('[\n');
    const s = u.cells ?? '';
    at.fill(-1);
    for (let k = 0; k < s.length; ) {
      const comma = s.indexOf(',', k);
      const i = column.get(s.slice(k, comma));
      if (i !== undefined) at[i] = comma + 1;
      const next = s.indexOf(';', comma);
      k = next < 0 ? s.length : next + 1;
    }
    for (let ai = 0; ai < assessments.length; ai++) {
      w.bytes(heads[ai]);
      let k = at[ai];
      if (k < 0) {
        w.bytes(EMPTY_CELL);
        continue;
      }
      k = w.number(s, k);
      w.bytes(MAX_POINTS);
      k = w.number(s, k + 1);
      w.bytes(POINTS);
      k = w.number(s, k + 1);
      w.bytes(INSTANCE_ID);
      k = w.field(s, k + 1);
      w.bytes(START_DATE);
      k = w.date(s, k + 1, timeZone);
      w.bytes(DURATION);
      w.number(s, k + 1);
      w.bytes(CELL_END);
    }
    w.ascii('\n    ]\n  }');
  });
  w.ascii('\n]');
  return w.done();
}
