-- Device plans' answers (issue #33), shared by the servers of one database: a plan one replica
-- made is sent at once by every other, as each server's own memory keeps the plans it made. The
-- key names the venue, its version and the request (server/src/http/venues/plan.rs); the answer
-- is the plan's event as the viewer reads it (JSON). Only the newest 200 are kept
-- (server/src/plans/store.rs). Runs unchanged on SQLite and PostgreSQL.

CREATE TABLE plan_answers (
    key TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    answer TEXT NOT NULL
);

CREATE INDEX plan_answers_by_age ON plan_answers (created_at);
