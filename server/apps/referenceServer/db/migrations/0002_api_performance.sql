-- Speed for the instructor API (see test/bench/reference.ts).

-- Authentication and the course-instance authorization chain, read in one call on every request.
-- PL/pgSQL keeps the query's plan for the session: PGlite has no prepared statements here, and
-- parsing and planning this join cost several times its execution.
CREATE FUNCTION api_authorize_course_instance(p_token_hash text, p_course_instance_id bigint)
RETURNS TABLE (
  token_id bigint, user_id bigint, uid text, is_administrator boolean,
  course_instance_id bigint, course_id bigint, display_timezone text, example_course boolean,
  long_name text, short_name text, course_title text, course_short_name text,
  course_role text, course_instance_role text, enrolled boolean
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT me.token_id, me.user_id, me.uid, me.is_administrator,
    ci.id, c.id, ci.display_timezone, c.example_course,
    ci.long_name, ci.short_name, c.title, c.short_name,
    COALESCE(cp.course_role, 'None'), COALESCE(cip.course_instance_role, 'None'), e.id IS NOT NULL
  FROM (
    SELECT t.id AS token_id, u.id AS user_id, u.uid, (adm.id IS NOT NULL) AS is_administrator
    FROM access_tokens t JOIN users u ON u.id = t.user_id
    LEFT JOIN administrators adm ON adm.user_id = u.id
    WHERE t.token_hash = p_token_hash
  ) me
  LEFT JOIN (course_instances ci JOIN courses c ON c.id = ci.course_id AND c.deleted_at IS NULL)
    ON ci.id = p_course_instance_id AND ci.deleted_at IS NULL
  LEFT JOIN course_permissions cp ON cp.course_id = c.id AND cp.user_id = me.user_id
  LEFT JOIN course_instance_permissions cip ON cip.course_instance_id = ci.id AND cip.user_id = me.user_id
  -- A join, not EXISTS: (user_id, course_instance_id) is unique, and the planner then always probes
  -- that index instead of sometimes hashing every enrollment.
  LEFT JOIN enrollments e ON e.user_id = me.user_id AND e.course_instance_id = ci.id AND e.status = 'joined';
END
$$;
