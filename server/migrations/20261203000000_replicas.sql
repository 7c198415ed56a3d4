-- State that several servers sharing one PostgreSQL database must share (issue #16). Created on
-- SQLite too, where one server keeps these in memory or in its data directory, so the two
-- backends keep one schema. Runs unchanged on SQLite and PostgreSQL.

-- Enquiries per client and fixed window (`leads.rate_limit`): the current and the previous
-- window together make a sliding window. `client` is the address (IPv6 per /64),
-- `window_start` Unix milliseconds.
CREATE TABLE enquiry_rate_limits (
    client TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    submissions BIGINT NOT NULL,
    accepted BIGINT NOT NULL,
    PRIMARY KEY (client, window_start)
);

-- The purge of windows that ended.
CREATE INDEX enquiry_rate_limits_by_window ON enquiry_rate_limits (window_start);

-- Work only one server may do at a time (the IndexNow run): who holds it, and until when
-- (Unix milliseconds). A holder that dies lets it run out.
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- What IndexNow last had accepted, page address -> content hash: the servers' shared
-- `<data_dir>/indexnow/state.json`.
CREATE TABLE indexnow_submitted (
    url TEXT PRIMARY KEY,
    hash TEXT NOT NULL
);
