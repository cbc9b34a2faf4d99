-- Releases: one row per ingested release. The manifest is kept whole (counts, metrics, license … are fixed at release
-- time and served from here, never recounted per request).
CREATE TABLE releases (
  release_id   text COLLATE "C" PRIMARY KEY,
  status       text NOT NULL CHECK (status IN ('building', 'staged', 'published', 'withdrawn')),
  created_at   timestamptz NOT NULL,
  published_at timestamptz,
  data_as_of   date,
  manifest     jsonb NOT NULL,
  ingested_at  timestamptz NOT NULL DEFAULT now()
);

-- The snapshot rule of the contract: the latest published release, else the latest staged one. Ties (same instant)
-- are broken by release_id so every replica picks the same release.
CREATE VIEW served_release AS
SELECT *
FROM releases
WHERE status IN ('published', 'staged')
ORDER BY
  (status = 'published') DESC,
  CASE WHEN status = 'published' THEN coalesce(published_at, created_at) ELSE created_at END DESC,
  release_id DESC
LIMIT 1;
