//! Integration tests: the real server on an ephemeral port, spoken to over real HTTP. What the
//! tests share (starting the server, the fixture build, the databases, stand-in servers) is in
//! `support`; the other modules hold tests only.

#[macro_use]
mod support;

mod analytics;
mod answer_shapes;
mod buildings;
mod buildings_languages;
mod caching;
mod compression;
mod connections;
mod drawings;
mod edits;
mod first_frame;
mod geojson;
mod images;
mod indexnow;
mod large_files;
mod leads_abuse;
mod leads_admin;
mod leads_delivery;
mod leads_durability;
mod leads_http;
mod leads_store;
mod lifecycle;
mod pages;
mod plans;
mod reload;
mod replicas;
mod security_headers;
mod sitemap;
mod variants;
mod venues_abuse;
mod venues_api;
mod venues_export;
mod venues_flow;
mod venues_live;
