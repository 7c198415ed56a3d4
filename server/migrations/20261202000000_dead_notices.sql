-- Notices that failed too often (issue #16): after `leads.delivery.max_attempts` failed attempts
-- a notice is given up, stays visible on the sales page, and is not retried. Runs unchanged on
-- SQLite and PostgreSQL.

ALTER TABLE lead_outbox ADD COLUMN dead_at BIGINT;

-- The worker's question leaves given-up rows out.
DROP INDEX lead_outbox_due;
CREATE INDEX lead_outbox_due ON lead_outbox (next_attempt_at)
    WHERE delivered_at IS NULL AND dead_at IS NULL;
