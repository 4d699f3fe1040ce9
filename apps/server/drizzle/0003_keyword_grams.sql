-- The keyword index of the big organisation tables (managers, org_users, students; db/schema.ts
-- searchIndex, resources/keyword.ts). Plain SQL, no extension: PostgreSQL and PGlite alike, and
-- independent of the database's locale. pg_trgm would take no trigram from Chinese text under
-- LC_CTYPE C, and none from keywords of 1 or 2 characters, which Chinese names often are.
--
-- keyword_grams: what a row is indexed under: its organisation ('org:' || org_id, longer than 3
-- characters, so never equal to a piece of text) and every piece of 1, 2 and 3 characters of its
-- `search` text (GIN drops the repeated ones). PL/pgSQL: four times faster than the same in SQL,
-- which every insert and import pays.
CREATE FUNCTION keyword_grams(org integer, search text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  grams text[] := ARRAY['org:' || org];
  len integer := length(search);
BEGIN
  FOR n IN 1 .. 3 LOOP
    FOR i IN 1 .. len - n + 1 LOOP
      grams := grams || substr(search, i, n);
    END LOOP;
  END LOOP;
  RETURN grams;
END
$$;--> statement-breakpoint
-- keyword_query: what every row of organisation `org` holding `keyword` is indexed under: the
-- organisation and the keyword's pieces of 3 characters (the keyword itself when shorter). Such a
-- row is then tested with LIKE; for a keyword of 1 to 3 characters the index alone is exact.
CREATE FUNCTION keyword_query(org integer, keyword text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  grams text[] := ARRAY['org:' || org];
  n integer := least(length(keyword), 3);
BEGIN
  FOR i IN 1 .. length(keyword) - n + 1 LOOP
    grams := grams || substr(keyword, i, n);
  END LOOP;
  RETURN grams;
END
$$;
