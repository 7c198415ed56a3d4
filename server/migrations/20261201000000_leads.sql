-- Business enquiries (issue #6) and their notification outbox. Runs unchanged on SQLite and
-- PostgreSQL: text ids (UUIDv7, time-ordered), times as BIGINT Unix milliseconds, no
-- AUTOINCREMENT or SERIAL.

CREATE TABLE leads (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    status TEXT NOT NULL,
    name TEXT NOT NULL,
    company TEXT NOT NULL,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    scenario TEXT NOT NULL,
    -- Labels as the visitor saw them, so a later rename in content/ does not rewrite history.
    scenario_label TEXT NOT NULL,
    product TEXT NOT NULL,
    product_label TEXT NOT NULL,
    message TEXT NOT NULL,
    page TEXT NOT NULL,
    variant TEXT NOT NULL,
    user_agent TEXT NOT NULL
);

-- The sales list: newest first, optionally of one status.
CREATE INDEX leads_by_time ON leads (created_at, id);
CREATE INDEX leads_by_status_time ON leads (status, created_at, id);

-- One row per enquiry and configured channel, written in the enquiry's own transaction; the
-- worker delivers from here, so a channel that is down delays a notice but cannot lose it.
CREATE TABLE lead_outbox (
    id TEXT PRIMARY KEY,
    lead_id TEXT NOT NULL REFERENCES leads (id),
    channel TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    -- A worker's lease: until then no other worker (of any server instance) sends this row.
    claimed_until BIGINT,
    delivered_at BIGINT,
    last_error TEXT,
    UNIQUE (lead_id, channel)
);

-- The worker's question: which undelivered rows are due.
CREATE INDEX lead_outbox_due ON lead_outbox (next_attempt_at) WHERE delivered_at IS NULL;
CREATE INDEX lead_outbox_by_lead ON lead_outbox (lead_id);
