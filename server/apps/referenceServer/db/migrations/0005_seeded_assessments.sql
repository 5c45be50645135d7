-- The assessments whose demo history (students' instances, variants, submissions, events) the seed has
-- written, each in its own transaction: the seed runs in the background after the server answers, and a
-- restarted server goes on with the assessments not listed here. Those seeded before this table existed
-- (all at once, before the server answered) are listed from their instances.
CREATE TABLE reference_seeded_assessments (
  assessment_id bigint PRIMARY KEY REFERENCES assessments(id),
  seeded_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO reference_seeded_assessments (assessment_id)
SELECT DISTINCT assessment_id FROM assessment_instances WHERE assessment_id IS NOT NULL;
