import { formatMsIso } from './dates';

/** A chosen instance's figures, as the gradebook's score query returns them. */
export type ScoreCell = [
  assessmentId: string,
  scorePerc: number | null,
  maxPoints: number | null,
  points: number | null,
  instanceId: string,
  startMs: number | null,
  durationSeconds: number | null,
];

/**
 * A user's chosen instances as the gradebook's users query sends them: 7 values per cell
 * (assessment id, score_perc, max_points, points, instance id, start in whole seconds, duration).
 */
export type FlatCells = (string | number | null)[];

export interface GradebookUser {
  user_id: string;
  user_uid: string;
  user_uin: string | null;
  user_name: string | null;
  user_role: string;
}

export interface GradebookAssessment {
  assessment_id: string;
  assessment_name: string | null;
  assessment_label: string;
  assessment_set_abbreviation: string;
  assessment_number: string;
}

const j = JSON.stringify;

/** Appends to one growing buffer: constant parts as bytes, ASCII as latin1, the rest as UTF-8. */
class ByteWriter {
  private buf: Buffer;
  private at = 0;

  /** `expected`: the likely size, so that a 16 MB answer is not copied on every doubling. */
  constructor(expected: number) {
    this.buf = Buffer.allocUnsafe(Math.max(expected, 1 << 16));
  }

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  bytes(b: Buffer): void {
    this.room(b.length);
    this.at += b.copy(this.buf, this.at);
  }

  /** Text known to be ASCII (digits, JSON punctuation, formatted dates). */
  ascii(s: string): void {
    this.room(s.length);
    this.at += this.buf.write(s, this.at, 'latin1');
  }

  text(s: string): void {
    this.room(Buffer.byteLength(s));
    this.at += this.buf.write(s, this.at, 'utf8');
  }

  done(): Buffer {
    return this.buf.subarray(0, this.at);
  }
}

/** JSON.stringify of a number (finite ones are ASCII; NaN and infinities are null). */
const num = (n: number | null): string => (n === null || !Number.isFinite(n) ? 'null' : String(n));

/** JSON.stringify of an id: digits need no escaping. */
const id = (s: string): string => (/^\d+$/.test(s) ? `"${s}"` : j(s));

/**
 * The gradebook as the exact bytes of `JSON.stringify(body, null, 2)`, written directly into one
 * buffer: with thousands of students it is tens of thousands of cells, and building and then
 * stringifying objects (or even strings) for them costs several times the database queries. Each
 * assessment's constant part is encoded once and copied for every student.
 */
export function gradebookBytes<U extends GradebookUser>(
  users: U[],
  assessments: GradebookAssessment[],
  cellsOf: (user: U) => FlatCells,
  timeZone: string,
): Buffer {
  if (users.length === 0) return Buffer.from('[]');
  const heads = assessments.map((a) =>
    Buffer.from(
      `      {\n        "assessment_id": ${j(a.assessment_id)},\n        "assessment_name": ${j(a.assessment_name)},\n` +
        `        "assessment_label": ${j(a.assessment_label)},\n        "assessment_set_abbreviation": ${j(a.assessment_set_abbreviation)},\n` +
        `        "assessment_number": ${j(a.assessment_number)},\n        "score_perc": `,
    ),
  );
  const emptyTail = Buffer.from(
    'null,\n        "max_points": null,\n        "points": null,\n' +
      '        "assessment_instance_id": null,\n        "start_date": null,\n        "duration_seconds": null\n      }',
  );
  const between = Buffer.from(',\n');
  const column = new Map(assessments.map((a, i) => [a.assessment_id, i]));
  const at = new Int32Array(assessments.length);
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
    const c = cellsOf(u);
    at.fill(-1);
    for (let k = 0; k < c.length; k += 7) {
      const i = column.get(c[k] as string);
      if (i !== undefined) at[i] = k;
    }
    for (let ai = 0; ai < assessments.length; ai++) {
      if (ai) w.bytes(between);
      w.bytes(heads[ai]);
      const k = at[ai];
      if (k < 0) {
        w.bytes(emptyTail);
        continue;
      }
      const startSeconds = c[k + 5] as number | null;
      const start = startSeconds === null ? 'null' : `"${formatMsIso(startSeconds * 1000, timeZone)}"`;
      w.ascii(
        `${num(c[k + 1] as number | null)},\n        "max_points": ${num(c[k + 2] as number | null)},\n        "points": ${num(c[k + 3] as number | null)},\n` +
          `        "assessment_instance_id": ${id(c[k + 4] as string)},\n        "start_date": ${start},\n        "duration_seconds": ${num(c[k + 6] as number | null)}\n      }`,
      );
    }
    w.ascii('\n    ]\n  }');
  });
  w.ascii('\n]');
  return w.done();
}

/** gradebookBytes as a string, with each user's cells by assessment id. */
export function gradebookJson(
  users: GradebookUser[],
  assessments: GradebookAssessment[],
  cells: Map<string, Map<string, ScoreCell>>,
  timeZone: string,
): string {
  const flat = (u: GradebookUser): FlatCells =>
    [...(cells.get(u.user_id)?.values() ?? [])].flatMap((c) => [...c.slice(0, 5), c[5] === null ? null : Math.floor(c[5] / 1000), c[6]]);
  return gradebookBytes(users, assessments, flat, timeZone).toString('utf8');
}
