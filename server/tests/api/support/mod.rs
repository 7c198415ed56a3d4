//! What the tests share; nothing here is a test.

pub(crate) mod app;
pub(crate) mod binary;
#[macro_use]
pub(crate) mod databases;
pub(crate) mod fixture;
pub(crate) mod leads;
pub(crate) mod nginx;
pub(crate) mod sse;
pub(crate) mod stand_in;
