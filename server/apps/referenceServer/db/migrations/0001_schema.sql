-- Tables shaped like PrairieLearn's (a subset of their columns), enough for the instructor API and sync.

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  uid text NOT NULL UNIQUE,
  uin text,
  name text,
  email text
);

CREATE TABLE administrators (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL UNIQUE REFERENCES users(id)
);

CREATE TABLE access_tokens (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

CREATE TABLE courses (
  id bigserial PRIMARY KEY,
  short_name text,
  title text,
  display_timezone text NOT NULL DEFAULT 'America/Chicago',
  path text NOT NULL UNIQUE,
  repository text,
  branch text NOT NULL DEFAULT 'master',
  commit_hash text,
  example_course boolean NOT NULL DEFAULT false,
  sync_errors text,
  sync_warnings text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE course_permissions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  course_id bigint NOT NULL REFERENCES courses(id),
  course_role text NOT NULL CHECK (course_role IN ('None', 'Previewer', 'Viewer', 'Editor', 'Owner')),
  UNIQUE (user_id, course_id)
);

CREATE TABLE course_instances (
  id bigserial PRIMARY KEY,
  course_id bigint NOT NULL REFERENCES courses(id),
  uuid uuid,
  short_name text NOT NULL,
  long_name text,
  display_timezone text NOT NULL,
  publishing_start_date timestamptz,
  publishing_end_date timestamptz,
  sync_errors text,
  sync_warnings text,
  deleted_at timestamptz
);
CREATE INDEX course_instances_course_id ON course_instances (course_id);

CREATE TABLE course_instance_permissions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  course_instance_id bigint NOT NULL REFERENCES course_instances(id),
  course_instance_role text NOT NULL
    CHECK (course_instance_role IN ('None', 'Student Data Viewer', 'Student Data Editor')),
  UNIQUE (user_id, course_instance_id)
);

CREATE TABLE course_instance_access_rules (
  id bigserial PRIMARY KEY,
  course_instance_id bigint NOT NULL REFERENCES course_instances(id),
  number integer NOT NULL,
  uids text[],
  start_date timestamptz,
  end_date timestamptz,
  institution text
);
CREATE INDEX course_instance_access_rules_ci ON course_instance_access_rules (course_instance_id);

CREATE TABLE enrollments (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users(id),
  course_instance_id bigint NOT NULL REFERENCES course_instances(id),
  status text NOT NULL DEFAULT 'joined',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, course_instance_id)
);
CREATE INDEX enrollments_ci ON enrollments (course_instance_id);

CREATE TABLE topics (
  id bigserial PRIMARY KEY,
  course_id bigint NOT NULL REFERENCES courses(id),
  name text NOT NULL,
  number integer,
  color text,
  description text,
  implicit boolean NOT NULL DEFAULT false,
  UNIQUE (course_id, name)
);

CREATE TABLE tags (
  id bigserial PRIMARY KEY,
  course_id bigint NOT NULL REFERENCES courses(id),
  name text NOT NULL,
  number integer,
  color text,
  description text,
  implicit boolean NOT NULL DEFAULT false,
  UNIQUE (course_id, name)
);

CREATE TABLE assessment_sets (
  id bigserial PRIMARY KEY,
  course_id bigint NOT NULL REFERENCES courses(id),
  abbreviation text NOT NULL,
  name text NOT NULL,
  heading text NOT NULL,
  color text NOT NULL,
  number integer NOT NULL,
  implicit boolean NOT NULL DEFAULT false,
  UNIQUE (course_id, name)
);

CREATE TABLE questions (
  id bigserial PRIMARY KEY,
  course_id bigint NOT NULL REFERENCES courses(id),
  uuid uuid,
  qid text,
  title text,
  type text,
  topic_id bigint REFERENCES topics(id),
  sync_errors text,
  sync_warnings text,
  deleted_at timestamptz
);
CREATE INDEX questions_course_id ON questions (course_id);

CREATE TABLE question_tags (
  id bigserial PRIMARY KEY,
  question_id bigint NOT NULL REFERENCES questions(id),
  tag_id bigint NOT NULL REFERENCES tags(id),
  number integer,
  UNIQUE (question_id, tag_id)
);

CREATE TABLE assessments (
  id bigserial PRIMARY KEY,
  course_instance_id bigint NOT NULL REFERENCES course_instances(id),
  uuid uuid,
  tid text,
  type text,
  number text NOT NULL DEFAULT '0',
  order_by integer,
  title text,
  assessment_set_id bigint REFERENCES assessment_sets(id),
  team_work boolean NOT NULL DEFAULT false,
  sync_errors text,
  sync_warnings text,
  deleted_at timestamptz
);
CREATE INDEX assessments_ci ON assessments (course_instance_id);

CREATE TABLE assessment_access_rules (
  id bigserial PRIMARY KEY,
  assessment_id bigint NOT NULL REFERENCES assessments(id),
  number integer NOT NULL,
  mode text,
  uids text[],
  start_date timestamptz,
  end_date timestamptz,
  credit integer,
  time_limit_min integer,
  password text,
  exam_uuid uuid,
  show_closed_assessment boolean NOT NULL DEFAULT true,
  show_closed_assessment_score boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX assessment_access_rules_a ON assessment_access_rules (assessment_id);

CREATE TABLE zones (
  id bigserial PRIMARY KEY,
  assessment_id bigint NOT NULL REFERENCES assessments(id),
  number integer NOT NULL,
  title text,
  number_choose integer,
  UNIQUE (assessment_id, number)
);

CREATE TABLE alternative_groups (
  id bigserial PRIMARY KEY,
  assessment_id bigint NOT NULL REFERENCES assessments(id),
  zone_id bigint NOT NULL REFERENCES zones(id),
  number integer NOT NULL,
  number_choose integer,
  UNIQUE (assessment_id, number)
);

CREATE TABLE assessment_questions (
  id bigserial PRIMARY KEY,
  assessment_id bigint NOT NULL REFERENCES assessments(id),
  question_id bigint NOT NULL REFERENCES questions(id),
  alternative_group_id bigint REFERENCES alternative_groups(id),
  number_in_alternative_group integer,
  number integer,
  max_points double precision,
  max_auto_points double precision,
  max_manual_points double precision,
  init_points double precision,
  deleted_at timestamptz,
  UNIQUE (assessment_id, question_id)
);

CREATE TABLE teams (
  id bigserial PRIMARY KEY,
  course_instance_id bigint NOT NULL REFERENCES course_instances(id),
  name text NOT NULL,
  deleted_at timestamptz
);

CREATE TABLE team_users (
  team_id bigint NOT NULL REFERENCES teams(id),
  user_id bigint NOT NULL REFERENCES users(id),
  PRIMARY KEY (team_id, user_id)
);

CREATE TABLE client_fingerprints (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  user_session_id bigint NOT NULL,
  ip_address text NOT NULL,
  user_agent text,
  accept_language text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE assessment_instances (
  id bigserial PRIMARY KEY,
  assessment_id bigint NOT NULL REFERENCES assessments(id),
  user_id bigint REFERENCES users(id),
  team_id bigint REFERENCES teams(id),
  number integer NOT NULL DEFAULT 1,
  open boolean DEFAULT true,
  date timestamptz DEFAULT now(),
  date_limit timestamptz,
  duration interval DEFAULT '0 seconds',
  modified_at timestamptz NOT NULL DEFAULT now(),
  max_points double precision,
  max_bonus_points double precision,
  points double precision DEFAULT 0,
  score_perc double precision DEFAULT 0,
  auth_user_id bigint REFERENCES users(id)
);
CREATE INDEX assessment_instances_a ON assessment_instances (assessment_id);
CREATE INDEX assessment_instances_u ON assessment_instances (user_id);

CREATE TABLE instance_questions (
  id bigserial PRIMARY KEY,
  assessment_instance_id bigint NOT NULL REFERENCES assessment_instances(id),
  assessment_question_id bigint NOT NULL REFERENCES assessment_questions(id),
  number integer,
  points double precision DEFAULT 0,
  auto_points double precision DEFAULT 0,
  manual_points double precision DEFAULT 0,
  score_perc double precision DEFAULT 0,
  highest_submission_score double precision,
  last_submission_score double precision,
  number_attempts integer NOT NULL DEFAULT 0,
  duration interval DEFAULT '0 seconds',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX instance_questions_ai ON instance_questions (assessment_instance_id);

CREATE TABLE variants (
  id bigserial PRIMARY KEY,
  instance_question_id bigint REFERENCES instance_questions(id),
  question_id bigint NOT NULL REFERENCES questions(id),
  course_id bigint NOT NULL REFERENCES courses(id),
  user_id bigint REFERENCES users(id),
  authn_user_id bigint REFERENCES users(id),
  number integer,
  variant_seed text NOT NULL,
  params jsonb,
  true_answer jsonb,
  options jsonb,
  broken boolean NOT NULL DEFAULT false,
  date timestamptz NOT NULL DEFAULT now(),
  client_fingerprint_id bigint REFERENCES client_fingerprints(id)
);
CREATE INDEX variants_iq ON variants (instance_question_id);

CREATE TABLE rubric_items (
  id bigserial PRIMARY KEY,
  assessment_question_id bigint NOT NULL REFERENCES assessment_questions(id),
  description text NOT NULL,
  points double precision NOT NULL
);

CREATE TABLE rubric_gradings (
  id bigserial PRIMARY KEY,
  computed_points double precision,
  adjust_points double precision
);

CREATE TABLE rubric_grading_items (
  id bigserial PRIMARY KEY,
  rubric_grading_id bigint NOT NULL REFERENCES rubric_gradings(id),
  rubric_item_id bigint NOT NULL REFERENCES rubric_items(id),
  points double precision NOT NULL
);

CREATE TABLE submissions (
  id bigserial PRIMARY KEY,
  variant_id bigint NOT NULL REFERENCES variants(id),
  auth_user_id bigint REFERENCES users(id),
  date timestamptz DEFAULT now(),
  submitted_answer jsonb,
  raw_submitted_answer jsonb,
  params jsonb,
  true_answer jsonb,
  partial_scores jsonb,
  override_score double precision,
  credit integer,
  mode text,
  score double precision,
  correct boolean,
  feedback jsonb,
  grading_requested_at timestamptz,
  graded_at timestamptz,
  manual_rubric_grading_id bigint REFERENCES rubric_gradings(id),
  client_fingerprint_id bigint REFERENCES client_fingerprints(id)
);
CREATE INDEX submissions_v ON submissions (variant_id);

-- Assessment-instance events that PrairieLearn keeps in several log tables (state, score, page views).
CREATE TABLE events (
  id bigserial PRIMARY KEY,
  assessment_instance_id bigint NOT NULL REFERENCES assessment_instances(id),
  event_name text NOT NULL,
  date timestamptz NOT NULL,
  auth_user_id bigint REFERENCES users(id),
  instance_question_id bigint REFERENCES instance_questions(id),
  variant_id bigint REFERENCES variants(id),
  data jsonb,
  client_fingerprint_id bigint REFERENCES client_fingerprints(id)
);
CREATE INDEX events_ai ON events (assessment_instance_id);

CREATE TABLE job_sequences (
  id bigserial PRIMARY KEY,
  course_id bigint REFERENCES courses(id),
  number integer NOT NULL,
  type text NOT NULL,
  description text,
  status text NOT NULL DEFAULT 'Running',
  start_date timestamptz NOT NULL DEFAULT now(),
  finish_date timestamptz,
  user_id bigint REFERENCES users(id),
  authn_user_id bigint REFERENCES users(id)
);

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  job_sequence_id bigint NOT NULL REFERENCES job_sequences(id),
  course_id bigint REFERENCES courses(id),
  number_in_sequence integer NOT NULL DEFAULT 1,
  last_in_sequence boolean NOT NULL DEFAULT true,
  type text NOT NULL,
  description text,
  status text NOT NULL DEFAULT 'Running',
  start_date timestamptz NOT NULL DEFAULT now(),
  finish_date timestamptz,
  output text,
  error_message text
);
CREATE INDEX jobs_sequence ON jobs (job_sequence_id);

-- PrairieLearn's users_get_displayed_role: Staff for course or course-instance staff and administrators,
-- Student for anyone with an enrollment row, otherwise None.
CREATE FUNCTION users_get_displayed_role(p_user_id bigint, p_course_instance_id bigint) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_user_id IS NULL THEN 'None'
    WHEN EXISTS (SELECT 1 FROM administrators WHERE user_id = p_user_id)
      OR EXISTS (
        SELECT 1 FROM course_permissions cp JOIN course_instances ci ON ci.course_id = cp.course_id
        WHERE cp.user_id = p_user_id AND ci.id = p_course_instance_id AND cp.course_role <> 'None')
      OR EXISTS (
        SELECT 1 FROM course_instance_permissions cip
        WHERE cip.user_id = p_user_id AND cip.course_instance_id = p_course_instance_id
          AND cip.course_instance_role <> 'None')
      THEN 'Staff'
    WHEN EXISTS (
      SELECT 1 FROM enrollments e WHERE e.user_id = p_user_id AND e.course_instance_id = p_course_instance_id)
      THEN 'Student'
    ELSE 'None'
  END
$$;
