//! Integration tests: the real server on an ephemeral port, spoken to over real HTTP.

mod caching;
mod compression;
mod fixture;
mod helpers;
mod images;
mod images_fixture;
mod lifecycle;
mod pages;
mod variants;
