-- Per-IP rate-limit counters shared by every replica on PostgreSQL (the embedded store keeps them in process). The
-- layout is rate-limiter-flexible's RateLimiterPostgres table: key = "<bucket>:<client ip>", points used in the
-- window, expire = end of the window in epoch milliseconds. The limiter deletes rows expired an hour ago.
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
