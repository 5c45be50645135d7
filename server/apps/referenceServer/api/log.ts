import type { CourseInstanceHandler } from './handler';
import { NotFound } from './handler';
import { formatDateHuman, formatDateIso, formatDateUtc, formatInterval } from './dates';

/** PrairieLearn's colour per event name (`Group <action>` events are gray2). */
const EVENT_COLORS: Record<string, string> = {
  Begin: 'gray3',
  'New variant': 'gray1',
  'Broken variant': 'red3',
  Submission: 'blue3',
  'External grading results': 'blue1',
  'Manual grading results': 'blue2',
  'AI grading results': 'blue2',
  'AI grading results deleted': 'red2',
  'Grade submission': 'orange3',
  'Score question': 'brown1',
  'Score assessment': 'brown3',
  Open: 'gray3',
  Close: 'gray3',
  'Time limit expiry': 'red2',
  'Cross lockpoint': 'purple2',
  'View variant': 'green3',
  'View assessment overview': 'green1',
};

// Each source gives: order, name, date, acting user, instance question, variant, submission, log id,
// fingerprint, data. Variants and submissions are their own log; the rest are rows of `events`.
const SELECT_LOG = `
  WITH src AS (
    SELECT 1 AS event_order, 'Begin' AS event_name, ai.date, ai.auth_user_id, NULL::bigint AS iq_id,
      NULL::bigint AS variant_id, NULL::bigint AS submission_id, ai.id AS log_id,
      NULL::bigint AS fingerprint_id, NULL::jsonb AS data
    FROM assessment_instances ai WHERE ai.id = $1
    UNION ALL
    SELECT 2, CASE WHEN v.broken THEN 'Broken variant' ELSE 'New variant' END, v.date, v.authn_user_id,
      iq.id, v.id, NULL, v.id, v.client_fingerprint_id,
      CASE WHEN v.broken THEN NULL ELSE jsonb_build_object('variant_seed', v.variant_seed, 'params', v.params,
        'true_answer', v.true_answer, 'options', v.options) END
    FROM variants v JOIN instance_questions iq ON iq.id = v.instance_question_id
    WHERE iq.assessment_instance_id = $1
    UNION ALL
    SELECT 3, 'Submission', s.date, s.auth_user_id, iq.id, v.id, s.id, s.id, s.client_fingerprint_id,
      jsonb_build_object('submitted_answer', s.submitted_answer,
        'raw_submitted_answer', s.raw_submitted_answer, 'correct', s.correct)
    FROM submissions s JOIN variants v ON v.id = s.variant_id
    JOIN instance_questions iq ON iq.id = v.instance_question_id
    WHERE iq.assessment_instance_id = $1
    UNION ALL
    SELECT 4, 'Grade submission', s.graded_at, s.auth_user_id, iq.id, v.id, s.id, s.id, s.client_fingerprint_id,
      jsonb_build_object('correct', s.correct, 'score', s.score, 'feedback', s.feedback,
        'submitted_answer', s.submitted_answer, 'true_answer', s.true_answer)
    FROM submissions s JOIN variants v ON v.id = s.variant_id
    JOIN instance_questions iq ON iq.id = v.instance_question_id
    WHERE iq.assessment_instance_id = $1 AND s.graded_at IS NOT NULL
    UNION ALL
    SELECT 5, e.event_name, e.date, e.auth_user_id, e.instance_question_id, e.variant_id, NULL, e.id,
      e.client_fingerprint_id, e.data
    FROM events e WHERE e.assessment_instance_id = $1
  )
  SELECT src.event_name, src.date, au.uid AS auth_user_uid, q.qid, q.id AS question_id,
    iq.id AS instance_question_id, v.id AS variant_id, v.number AS variant_number, v.variant_seed,
    src.submission_id, src.data, to_jsonb(cf.*) AS client_fingerprint, iq.number::text AS student_question_number,
    CASE WHEN ag.id IS NULL THEN NULL
      WHEN (SELECT count(*) FROM assessment_questions x WHERE x.alternative_group_id = ag.id) > 1
        THEN ag.number || '.' || aq.number_in_alternative_group
      ELSE ag.number::text END AS instructor_question_number,
    cf.id AS fingerprint_id
  FROM src
  LEFT JOIN users au ON au.id = src.auth_user_id
  LEFT JOIN instance_questions iq ON iq.id = src.iq_id
  LEFT JOIN assessment_questions aq ON aq.id = iq.assessment_question_id
  LEFT JOIN alternative_groups ag ON ag.id = aq.alternative_group_id
  LEFT JOIN questions q ON q.id = aq.question_id
  LEFT JOIN variants v ON v.id = src.variant_id
  LEFT JOIN client_fingerprints cf ON cf.id = src.fingerprint_id
  ORDER BY src.date, src.event_order, src.log_id, q.id`;

/** A jsonb column's object; its dates are ISO strings (JSON has no dates). */
type Json = Record<string, unknown> | null;

/** Ids inside jsonb come back as numbers; PrairieLearn prints every id as a string. */
function fingerprint(raw: Json): Json {
  if (!raw) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'id' || k === 'user_id' || k === 'user_session_id') out[k] = String(v);
    else if (k === 'created_at') out[k] = formatDateUtc(new Date(v as string));
    else out[k] = v;
  }
  return out;
}

function eventData(name: string, data: Json, eventDate: Date, aiDate: Date | null, timeZone: string): Json {
  if (name === 'Open' && data) {
    if (data.date_limit == null) {
      return { date_limit: 'Unlimited', time_limit: 'Unlimited', remaining_time: 'Unlimited' };
    }
    const limit = new Date(data.date_limit as string);
    return {
      date_limit: formatDateHuman(limit, timeZone),
      time_limit: aiDate ? formatInterval(limit.getTime() - aiDate.getTime()) : null,
      remaining_time: formatInterval(limit.getTime() - eventDate.getTime()),
    };
  }
  if (name === 'Time limit expiry' && data?.date_limit) {
    return { ...data, date_limit: formatDateHuman(new Date(data.date_limit as string), timeZone) };
  }
  return data;
}

/** GET /course_instances/:ci/assessment_instances/:ai/log */
export const getAssessmentInstanceLog: CourseInstanceHandler = async ({ db, ci, params }) => {
  const found = await db.query(
    `SELECT ai.date FROM assessment_instances ai JOIN assessments a ON a.id = ai.assessment_id
     WHERE ai.id = $1 AND a.course_instance_id = $2`,
    [params.assessment_instance_id, ci.course_instance_id],
  );
  if (!found[0]) throw new NotFound();
  const aiDate: Date | null = found[0].date;
  const tz = ci.display_timezone;
  const rows = await db.query(SELECT_LOG, [params.assessment_instance_id]);
  const fingerprintNumbers = new Map<string, number>();
  return rows.map((r) => {
    if (!r.date) throw new Error('log event without a date');
    let fingerprintNumber: number | null = null;
    if (r.fingerprint_id) {
      if (!fingerprintNumbers.has(r.fingerprint_id)) fingerprintNumbers.set(r.fingerprint_id, fingerprintNumbers.size + 1);
      fingerprintNumber = fingerprintNumbers.get(r.fingerprint_id)!;
    }
    return {
      event_name: r.event_name,
      event_color: EVENT_COLORS[r.event_name] ?? (r.event_name.startsWith('Group ') ? 'gray2' : 'gray1'),
      event_date: formatDateUtc(r.date),
      auth_user_uid: r.auth_user_uid,
      qid: r.qid,
      question_id: r.question_id,
      instance_question_id: r.instance_question_id,
      variant_id: r.variant_id,
      variant_number: r.variant_number,
      variant_seed: r.variant_seed,
      submission_id: r.submission_id,
      data: eventData(r.event_name, r.data, r.date, aiDate, tz),
      client_fingerprint: fingerprint(r.client_fingerprint),
      client_fingerprint_number: fingerprintNumber,
      student_question_number: r.student_question_number,
      instructor_question_number: r.instructor_question_number,
      formatted_date: formatDateHuman(r.date, tz),
      date_iso8601: formatDateIso(r.date, tz),
    };
  });
};
