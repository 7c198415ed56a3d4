//! Integration tests: the real server on an ephemeral port, spoken to over real HTTP.

mod caching;
mod compression;
mod fixture;
mod helpers;
mod lifecycle;
mod pages;
mod variants;
