-- Rate-limit leases (core/http/shared-counter.ts): `points` is now the quota replicas have taken from the window, never
-- above the limit, and `granted` what the last statement took, so one upsert both takes and reports a lease.
ALTER TABLE rate_limits ADD COLUMN granted integer NOT NULL DEFAULT 0;
