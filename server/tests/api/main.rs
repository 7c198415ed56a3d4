//! Integration tests: the real server on an ephemeral port, spoken to over real HTTP.

mod analytics;
mod binary;
mod caching;
mod compression;
#[macro_use]
mod databases;
mod fake_indexnow;
mod fixture;
mod helpers;
mod images;
mod images_fixture;
mod indexnow;
mod leads_admin;
mod leads_delivery;
mod leads_durability;
mod leads_http;
mod leads_store;
mod lifecycle;
mod pages;
mod reload;
mod sitemap;
mod variants;
mod venues_api;
mod venues_export;
mod venues_fixture;
