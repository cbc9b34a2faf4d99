-- Continuation cursors of the scenery search (/explore/api/search), so any replica sharing the database can continue
-- a search another one started. The record is the cursor's JSON (bound request and search state); expiry is checked
-- on read against expires_at, and expired rows are deleted in small batches by the replicas now and then.
CREATE TABLE search_cursors (
  id         text COLLATE "C" PRIMARY KEY,
  record     jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX search_cursors_expires_at ON search_cursors (expires_at);
