-- Buildings that visitors bring (issue #32). A building is private: its id is the capability
-- its link carries (a random version-4 UUID's 32 hex digits), and it is deleted when it expires
-- or when its owner says so. Runs unchanged on SQLite and PostgreSQL (BYTEA is a blob to SQLite).

CREATE TABLE buildings (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    -- A hash of the uploader's address (IPv6: its /64), for the cap of uploads per day; not
    -- the address itself.
    client TEXT NOT NULL,
    name TEXT NOT NULL,
    -- The levels as the link's page lists them: JSON [{"short": "L1", "name": "一层"}, ...].
    levels TEXT NOT NULL,
    version BIGINT NOT NULL,
    archive_bytes BIGINT NOT NULL,
    -- The checked IMDF files as a deflated ZIP, as `site export-imdf` writes one.
    archive BYTEA NOT NULL
);

CREATE INDEX buildings_by_expiry ON buildings (expires_at);
CREATE INDEX buildings_by_client ON buildings (client, created_at);
