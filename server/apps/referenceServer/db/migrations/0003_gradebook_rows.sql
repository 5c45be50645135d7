-- The gradebook's cells, kept by triggers: one row per course instance and user with an instance that
-- counts (their own, or one of a team that is not deleted) of one of its assessments, deleted or not:
-- PrairieLearn lists exactly those users (and the enrolled ones). The row holds the instance the
-- gradebook shows for each assessment that is not deleted, as text. Choosing them at read time meant sorting every
-- instance of the course instance and formatting 136,000 numbers on every request.
-- (TRUNCATE is not followed: nothing truncates these tables.)

CREATE INDEX assessment_instances_team ON assessment_instances (team_id) WHERE team_id IS NOT NULL;
CREATE INDEX team_users_user ON team_users (user_id);

CREATE TABLE gradebook_rows (
  course_instance_id bigint NOT NULL,
  user_id bigint NOT NULL,
  -- Per assessment that is not deleted with an instance that counts: its id, then the chosen instance's score_perc,
  -- max_points, points, id, start in whole seconds since 1970 and duration in seconds, separated by
  -- commas, `null` for none; assessments separated by `;` in no particular order; NULL for none.
  -- Read by api/gradebookJson.ts.
  cells text,
  PRIMARY KEY (course_instance_id, user_id)
);

-- A float as the gradebook writes it: NaN and infinities are null (JSON.stringify's rule).
CREATE FUNCTION gradebook_number(x double precision) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN x IS NULL OR x IN ('NaN', 'Infinity', '-Infinity') THEN 'null' ELSE x::text END
$$;

-- The rows of the given (user, course instance) pairs, computed from scratch. The choice is the
-- gradebook's: among the instances that count (the user's own, and those of teams that are not
-- deleted), the best score_perc, NULL first as DESC sorts it, then the newest. A user whose instances
-- are all of deleted assessments gets a row without cells; one with no instance that counts, none.
CREATE FUNCTION gradebook_rows_of(p_user_ids bigint[], p_course_instance_ids bigint[])
RETURNS TABLE (course_instance_id bigint, user_id bigint, cells text)
-- Floats in their shortest exact text whatever the session's setting.
LANGUAGE sql STABLE SET extra_float_digits = 1 AS $$
  WITH pairs AS (
    SELECT DISTINCT p.user_id, p.course_instance_id
    FROM unnest(p_user_ids, p_course_instance_ids) AS p(user_id, course_instance_id)
    WHERE p.user_id IS NOT NULL AND p.course_instance_id IS NOT NULL
  ), instances AS MATERIALIZED (
    -- Materialized: the user's instances through the user index, whatever the statistics say
    -- (PGlite is never analyzed, and its planner otherwise scanned them once per assessment).
    SELECT p.user_id, p.course_instance_id, ai.assessment_id, ai.id, ai.score_perc, ai.max_points, ai.points,
      ai.date, ai.duration, (ai.team_id IS NULL OR g.deleted_at IS NULL) AS counts
    FROM pairs p JOIN assessment_instances ai ON ai.user_id = p.user_id
    LEFT JOIN teams g ON g.id = ai.team_id
    UNION ALL
    SELECT p.user_id, p.course_instance_id, ai.assessment_id, ai.id, ai.score_perc, ai.max_points, ai.points,
      ai.date, ai.duration, g.deleted_at IS NULL
    FROM pairs p JOIN team_users tu ON tu.user_id = p.user_id JOIN teams g ON g.id = tu.team_id
    JOIN assessment_instances ai ON ai.team_id = g.id AND ai.user_id IS NULL
  ), chosen AS (
    SELECT DISTINCT ON (i.user_id, i.assessment_id) i.*, a.deleted_at IS NULL AS shown
    FROM instances i
    JOIN assessments a ON a.id = i.assessment_id AND a.course_instance_id = i.course_instance_id
    WHERE i.counts
    ORDER BY i.user_id, i.assessment_id, i.score_perc DESC, i.id DESC
  )
  SELECT c.course_instance_id, c.user_id, string_agg(CASE WHEN c.shown THEN
      c.assessment_id || ',' || gradebook_number(c.score_perc) || ',' || gradebook_number(c.max_points) || ','
      || gradebook_number(c.points) || ',' || c.id || ','
      || COALESCE(CASE WHEN isfinite(c.date) THEN floor(date_part('epoch', c.date))::bigint::text END, 'null')
      || ',' || gradebook_number(EXTRACT(EPOCH FROM c.duration)::double precision)
    END, ';')
  FROM chosen c
  GROUP BY c.course_instance_id, c.user_id
$$;

CREATE FUNCTION gradebook_rows_refresh(p_user_ids bigint[], p_course_instance_ids bigint[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM gradebook_rows r
  USING unnest(p_user_ids, p_course_instance_ids) AS p(user_id, course_instance_id)
  WHERE r.user_id = p.user_id AND r.course_instance_id = p.course_instance_id;
  -- An upsert: a concurrent transaction may have written the same row since the delete.
  INSERT INTO gradebook_rows SELECT * FROM gradebook_rows_of(p_user_ids, p_course_instance_ids)
  ON CONFLICT (course_instance_id, user_id) DO UPDATE SET cells = EXCLUDED.cells;
$$;

-- The rows that instances (given column by column) touch: their users', and their teams' members'.
CREATE FUNCTION gradebook_refresh_instances(p_user_ids bigint[], p_team_ids bigint[], p_assessment_ids bigint[])
RETURNS void LANGUAGE sql AS $$
  WITH r AS (
    SELECT * FROM unnest(p_user_ids, p_team_ids, p_assessment_ids) AS r(user_id, team_id, assessment_id)
  ), touched AS (
    SELECT r.user_id, r.assessment_id FROM r WHERE r.user_id IS NOT NULL
    UNION
    SELECT tu.user_id, r.assessment_id FROM r JOIN team_users tu ON tu.team_id = r.team_id
  )
  SELECT gradebook_rows_refresh(array_agg(t.user_id), array_agg(a.course_instance_id))
  FROM touched t JOIN assessments a ON a.id = t.assessment_id
$$;

-- Statement triggers: the seed inserts tens of thousands of instances in a few statements.
CREATE FUNCTION gradebook_instances_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gradebook_refresh_instances(array_agg(n.user_id), array_agg(n.team_id), array_agg(n.assessment_id)) FROM new_rows n;
  RETURN NULL;
END
$$;
CREATE FUNCTION gradebook_instances_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gradebook_refresh_instances(array_agg(r.user_id), array_agg(r.team_id), array_agg(r.assessment_id))
  FROM (SELECT o.user_id, o.team_id, o.assessment_id FROM old_rows o
        UNION ALL SELECT n.user_id, n.team_id, n.assessment_id FROM new_rows n) r;
  RETURN NULL;
END
$$;
CREATE FUNCTION gradebook_instances_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gradebook_refresh_instances(array_agg(o.user_id), array_agg(o.team_id), array_agg(o.assessment_id)) FROM old_rows o;
  RETURN NULL;
END
$$;
CREATE TRIGGER gradebook_instances_inserted AFTER INSERT ON assessment_instances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gradebook_instances_inserted();
CREATE TRIGGER gradebook_instances_updated AFTER UPDATE ON assessment_instances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gradebook_instances_updated();
CREATE TRIGGER gradebook_instances_deleted AFTER DELETE ON assessment_instances
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gradebook_instances_deleted();

-- An assessment's instances count while it is not deleted, in its course instance (sync soft-deletes).
CREATE FUNCTION gradebook_assessment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gradebook_rows_refresh(array_agg(m.user_id), array_agg(c.course_instance_id)) FROM (
    SELECT ai.user_id FROM assessment_instances ai WHERE ai.assessment_id = NEW.id AND ai.user_id IS NOT NULL
    UNION
    SELECT tu.user_id FROM assessment_instances ai JOIN team_users tu ON tu.team_id = ai.team_id WHERE ai.assessment_id = NEW.id
  ) m CROSS JOIN (VALUES (OLD.course_instance_id), (NEW.course_instance_id)) AS c(course_instance_id);
  RETURN NULL;
END
$$;
CREATE TRIGGER gradebook_assessment_changed AFTER UPDATE ON assessments
  FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.course_instance_id <> NEW.course_instance_id)
  EXECUTE FUNCTION gradebook_assessment_changed();

-- A team's instances count only while it is not deleted; its members share them.
CREATE FUNCTION gradebook_team_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gradebook_refresh_instances(array_agg(ai.user_id), array_agg(ai.team_id), array_agg(ai.assessment_id))
  FROM assessment_instances ai WHERE ai.team_id IN (OLD.id, NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER gradebook_team_changed AFTER UPDATE ON teams
  FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.id <> NEW.id)
  EXECUTE FUNCTION gradebook_team_changed();

-- A member who joins or leaves a team gains or loses its instances.
CREATE FUNCTION gradebook_team_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gradebook_rows_refresh(array_agg(m.user_id), array_agg(a.course_instance_id))
  FROM (SELECT OLD.user_id, OLD.team_id UNION SELECT NEW.user_id, NEW.team_id) AS m(user_id, team_id)
  JOIN assessment_instances ai ON ai.team_id = m.team_id
  JOIN assessments a ON a.id = ai.assessment_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER gradebook_team_member_changed AFTER INSERT OR UPDATE OR DELETE ON team_users
  FOR EACH ROW EXECUTE FUNCTION gradebook_team_member_changed();

-- The rows of the data there is already.
INSERT INTO gradebook_rows
SELECT r.* FROM (SELECT array_agg(x.user_id) AS u, array_agg(x.course_instance_id) AS c FROM (
  SELECT ai.user_id, a.course_instance_id FROM assessment_instances ai JOIN assessments a ON a.id = ai.assessment_id
  WHERE ai.user_id IS NOT NULL
  UNION
  SELECT tu.user_id, a.course_instance_id FROM assessment_instances ai JOIN assessments a ON a.id = ai.assessment_id
  JOIN team_users tu ON tu.team_id = ai.team_id
) x) p, gradebook_rows_of(p.u, p.c) r;
