//! What an anonymous client may cost the server, kept per client address or in all: the tables
//! keyed by address, the token buckets of the demo API's budgets, the counted slots of
//! connections, streams and computations, the admin login's throttle, and log sampling (a flood
//! costs a counter, not a line per request). The enquiry limits are `rate_limit/`.

pub(crate) mod client_table;
pub(crate) mod login_throttle;
pub(crate) mod sampled_log;
pub(crate) mod slots;
pub(crate) mod token_buckets;
