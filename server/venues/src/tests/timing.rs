//! Reports (does not assert) how long loading the real venues and routing take. Run in release:
//! `cargo test --release -p site-venues --lib tests::timing -- --nocapture`.

use std::time::Instant;

use super::support::{content_dir, extras_of, load};

#[test]
fn loading_and_routing_times_are_reported() {
    let mall_dir = content_dir().join("demo-mall");
    if !mall_dir.join("unit.geojson").exists() {
        return;
    }
    let started = Instant::now();
    let mall = load("demo-mall", &mall_dir, &extras_of(&mall_dir));
    let mall_ms = started.elapsed().as_secs_f64() * 1e3;
    let hospital_dir = content_dir().join("demo-hospital");
    let started = Instant::now();
    let hospital = load("demo-hospital", &hospital_dir, &extras_of(&hospital_dir));
    let hospital_ms = started.elapsed().as_secs_f64() * 1e3;
    for venue in [&mall, &hospital] {
        let corners = venue
            .graph
            .nodes
            .iter()
            .filter(|n| n.kind == crate::graph::NodeKind::Corner)
            .count();
        println!(
            "{}: {} places, {} graph nodes ({corners} corners), {} edges, {} walls",
            venue.id(),
            venue.places().len(),
            venue.graph.nodes.len(),
            venue.graph.edge_count(),
            venue.spaces.iter().map(|s| s.walls.len()).sum::<usize>()
        );
    }
    println!(
        "load: demo-mall {mall_ms:.1} ms, demo-hospital {hospital_ms:.1} ms (their memory: the server's \"venues loaded\" log line at debug level)"
    );
    for dir in [&mall_dir, &hospital_dir] {
        let started = Instant::now();
        let problems = crate::check::check_imdf(dir, "");
        assert!(problems.is_empty());
        println!(
            "of which the venue check (check_imdf) on {}: {:.1} ms",
            dir.file_name().unwrap().to_string_lossy(),
            started.elapsed().as_secs_f64() * 1e3
        );
    }

    let space = mall
        .places()
        .iter()
        .find(|p| p.name.as_deref() == Some("B2-015"))
        .map(|p| p.id.clone())
        .unwrap_or_else(|| "B2-015".into());
    let to = mall
        .places()
        .iter()
        .find(|p| p.kind == crate::PlaceKind::Occupant && mall.levels()[p.level].short == "L5")
        .expect("an L5 shop")
        .id
        .clone();
    for accessible in [false, true] {
        let mut times = Vec::with_capacity(1000);
        for _ in 0..1000 {
            let started = Instant::now();
            let route = mall.route(&space, &to, accessible, "zh-Hans").unwrap();
            times.push(started.elapsed().as_secs_f64() * 1e6);
            std::hint::black_box(route);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "route B2-015 -> L5 (accessible {accessible}): median {:.0} µs, p99 {:.0} µs",
            times[500], times[990]
        );
    }
    let near = mall.locate(crate::Field::Near, &space).unwrap();
    let mut times = Vec::with_capacity(100);
    for _ in 0..100 {
        let started = Instant::now();
        std::hint::black_box(mall.walking_distances(&near, false));
        times.push(started.elapsed().as_secs_f64() * 1e6);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "walking distances from B2-015 to all {} places: median {:.0} µs, p99 {:.0} µs",
        mall.places().len(),
        times[50],
        times[99]
    );
}
