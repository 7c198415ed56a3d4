-- Enquiries stored without a notice (issue #30): past `leads.notified_per_hour` in the last hour
-- an enquiry is still stored, but sales are not told of it one by one; the sales page marks it
-- so that nobody takes it for announced. 1 or 0; runs unchanged on SQLite and PostgreSQL.

ALTER TABLE leads ADD COLUMN unannounced BIGINT NOT NULL DEFAULT 0;
