-- The questions whose seeded variants and submissions have been given their samples (the question's own
-- variants and graded answers, seed/fillSamples.ts), or could not be (note says why): the fill runs in the
-- background after the server answers, and a restarted server goes on with the questions not listed here.
CREATE TABLE reference_sample_fills (
  question_id bigint PRIMARY KEY REFERENCES questions(id),
  filled_at timestamptz NOT NULL DEFAULT now(),
  note text
);

CREATE INDEX variants_question ON variants (question_id);
