-- Scores are derived from the stored answers (features/surveys/instruments). Rows written before
-- this migration hold KOOS JR scored linearly, and the in-house 'PROMIS Global Health' (7
-- questions) and 'Pain Interference' (6 questions) forms summed raw: neither is a published
-- score. Re-score every response: KOOS JR through the interval-score table of Lyman et al.
-- (Clin Orthop Relat Res 2016;474(6):1461-1471) when all seven items are answered 0-4; every
-- other stored score is cleared (the in-house forms have no published scoring).
UPDATE "survey_responses" AS r
SET "score" = CASE
  WHEN s."title" = 'KOOS JR Knee Survey'
    AND jsonb_typeof(r."answers") = 'array'
    AND jsonb_array_length(r."answers") = 7
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(r."answers") AS e(v)
      WHERE CASE
        WHEN jsonb_typeof(e.v) = 'number' THEN (e.v::text)::numeric NOT IN (0, 1, 2, 3, 4)
        ELSE true
      END
    )
  THEN (ARRAY[
    100.0, 91.975, 84.6, 79.914, 76.332, 73.342, 70.704, 68.284, 65.994, 63.776, 61.583, 59.381,
    57.14, 54.84, 52.465, 50.012, 47.487, 44.905, 42.281, 39.625, 36.931, 34.174, 31.307, 28.251,
    24.875, 20.941, 15.939, 8.291, 0.0
  ]::real[])[(SELECT sum((e.v::text)::int) FROM jsonb_array_elements(r."answers") AS e(v)) + 1]
  ELSE NULL
END
FROM "surveys" AS s
WHERE s."id" = r."survey_id" AND (r."score" IS NOT NULL OR r."answers" IS NOT NULL);
