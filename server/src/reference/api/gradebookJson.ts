import { formatDateIso } from './dates';

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

/**
 * The gradebook as the exact bytes of `JSON.stringify(body, null, 2)`, written directly: with
 * thousands of students it is tens of thousands of cells, and building and then stringifying
 * objects for them costs several times the database queries. Each assessment's constant part is
 * written once and reused for every student.
 */
export function gradebookJson(
  users: GradebookUser[],
  assessments: GradebookAssessment[],
  cells: Map<string, Map<string, ScoreCell>>,
  timeZone: string,
): string {
  if (users.length === 0) return '[]';
  const heads = assessments.map(
    (a) =>
      `      {\n        "assessment_id": ${j(a.assessment_id)},\n        "assessment_name": ${j(a.assessment_name)},\n` +
      `        "assessment_label": ${j(a.assessment_label)},\n        "assessment_set_abbreviation": ${j(a.assessment_set_abbreviation)},\n` +
      `        "assessment_number": ${j(a.assessment_number)},\n`,
  );
  const empty = heads.map(
    (h) =>
      `${h}        "score_perc": null,\n        "max_points": null,\n        "points": null,\n` +
      `        "assessment_instance_id": null,\n        "start_date": null,\n        "duration_seconds": null\n      }`,
  );
  const parts: string[] = ['['];
  users.forEach((u, ui) => {
    parts.push(
      `${ui ? ',' : ''}\n  {\n    "user_id": ${j(u.user_id)},\n    "user_uid": ${j(u.user_uid)},\n    "user_uin": ${j(u.user_uin)},\n` +
        `    "user_name": ${j(u.user_name)},\n    "user_role": ${j(u.user_role)},\n    "assessments": `,
    );
    if (assessments.length === 0) {
      parts.push('[]\n  }');
      return;
    }
    parts.push('[\n');
    const mine = cells.get(u.user_id);
    assessments.forEach((a, ai) => {
      if (ai) parts.push(',\n');
      const c = mine?.get(a.assessment_id);
      if (!c) {
        parts.push(empty[ai]);
        return;
      }
      const start = c[5] === null ? null : formatDateIso(new Date(c[5]), timeZone);
      parts.push(
        `${heads[ai]}        "score_perc": ${j(c[1])},\n        "max_points": ${j(c[2])},\n        "points": ${j(c[3])},\n` +
          `        "assessment_instance_id": ${j(c[4])},\n        "start_date": ${j(start)},\n        "duration_seconds": ${j(c[6])}\n      }`,
      );
    });
    parts.push('\n    ]\n  }');
  });
  parts.push('\n]');
  return parts.join('');
}
