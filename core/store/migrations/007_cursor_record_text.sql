-- A cursor record is kept as the JSON text JSON.stringify wrote, not as jsonb: jsonb refuses the \ud800-style escapes
-- that an unpaired UTF-16 surrogate in a search query becomes, while text keeps them and JSON.parse restores them.
ALTER TABLE search_cursors ALTER COLUMN record TYPE text USING record::text;
