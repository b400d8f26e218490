-- 0049_audit_shortened: written by hand (functions, which schemas/ cannot say), not by `npm run generate`
-- An audit entry's changes with their long texts shortened (engine/audit/audit-changes.ts): in each
-- field's [before, after], a string longer than `max` characters is cut to `max` and `mark`, a
-- language map longer than that has each of its long strings cut so, and any other long value (an
-- array, a map's value that is no string) is kept as its text, cut. An entry's statement calls it
-- only for changes large enough to hold such a text, so a usual save never runs it.

CREATE OR REPLACE FUNCTION "audit_shortened_value"(v jsonb, max integer, mark text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(v)
    WHEN 'string' THEN CASE WHEN length(v #>> '{}') > max THEN to_jsonb(left(v #>> '{}', max) || mark) ELSE v END
    WHEN 'object' THEN CASE WHEN length(v::text) <= max THEN v ELSE (
      SELECT jsonb_object_agg(e.key, CASE
        WHEN jsonb_typeof(e.value) = 'string' THEN CASE WHEN length(e.value #>> '{}') > max THEN to_jsonb(left(e.value #>> '{}', max) || mark) ELSE e.value END
        ELSE CASE WHEN length(e.value::text) > max THEN to_jsonb(left(e.value::text, max) || mark) ELSE e.value END
      END)
      FROM jsonb_each(v) AS e
    ) END
    WHEN 'array' THEN CASE WHEN length(v::text) > max THEN to_jsonb(left(v::text, max) || mark) ELSE v END
    ELSE v
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_shortened"(changes jsonb, max integer, mark text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(f.key, jsonb_build_array(
    "audit_shortened_value"(f.value -> 0, max, mark),
    "audit_shortened_value"(f.value -> 1, max, mark)
  )), '{}'::jsonb)
  FROM jsonb_each(changes) AS f
$$;
