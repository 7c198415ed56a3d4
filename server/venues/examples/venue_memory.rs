//! What one loaded building holds in memory (issue #32: 20 loaded under 100 MB): the demo mall
//! loaded as an uploaded building is, then its parts dropped one by one, each one's share of
//! the live heap printed; then the viewer's files, whose JSON the server keeps compressed.
//!
//! `cargo run -p site-venues --example venue_memory [venue directory]` (debug is enough: what is
//! allocated does not depend on the profile).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use site_venues::geometry::Shape;
use site_venues::viewer_files::viewer_files_derived;
use site_venues::{Edition, Venue, VenueExtras, testing};
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};

#[global_allocator]
static COUNTING: &StatsAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

/// Bytes and blocks live now. The release server's jemalloc rounds each block up to its size
/// class: a few bytes more per block on average, which the block count lets one estimate.
#[derive(Clone, Copy)]
struct Live {
    bytes: isize,
    blocks: isize,
}

fn live() -> Live {
    let stats = COUNTING.stats();
    Live {
        // A realloc's growth or shrinking is already in these two.
        bytes: stats.bytes_allocated as isize - stats.bytes_deallocated as isize,
        blocks: stats.allocations as isize - stats.deallocations as isize,
    }
}

fn row(name: &str, before: Live, after: Live) {
    println!(
        "{name:<34} {:>10} {:>8}",
        before.bytes - after.bytes,
        before.blocks - after.blocks
    );
}

/// Drops `part`, printing what that freed.
fn drop_row(name: &str, part: Box<dyn std::any::Any>, before: &mut Live) {
    drop(part);
    let after = live();
    row(name, *before, after);
    *before = after;
}

fn gzip_fast(bytes: &[u8]) -> usize {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes).expect("gzip into memory");
    encoder.finish().expect("gzip into memory").len()
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map_or_else(|| testing::content_dir().join("demo-mall"), PathBuf::from);
    // Shared by every venue of a server: loaded before the counting starts.
    let wordings = Arc::new(testing::wordings());
    let editions: Vec<Edition> = wordings.iter().map(Edition::of).collect();
    let _warm = Venue::load("warm", &dir, &VenueExtras::default(), Arc::clone(&wordings))
        .unwrap_or_else(|e| panic!("{e}"));
    drop(_warm);

    let start = live();
    let venue = Venue::load("mall", &dir, &VenueExtras::default(), Arc::clone(&wordings))
        .unwrap_or_else(|e| panic!("{e}"));
    let loaded = live();
    println!("{:<34} {:>10} {:>8}", "part", "bytes", "blocks");
    row("venue, all", loaded, start);
    println!();
    let mut model_parts = None;
    let mut before = loaded;
    for (name, part) in venue.into_parts() {
        if name == "model" {
            // Taken apart further below, after the rest.
            model_parts = Some(part);
            continue;
        }
        drop(part);
        let after = live();
        row(name, before, after);
        before = after;
    }
    let model = *model_parts
        .expect("a model part")
        .downcast::<site_venues::model::Model>()
        .expect("the model part is the model");
    let site_venues::model::Model {
        levels,
        units,
        openings,
        occupants,
        amenities,
        kiosks,
        obstacles,
        sections,
        geofences,
        connectors,
        ids,
        frame,
        name,
        category,
    } = model;
    let mut units = units;
    // What each unit holds, taken out into lists of its own (whose own bytes are not the
    // venue's: taken off each row below).
    let mut shapes = Vec::with_capacity(units.len());
    let mut texts = Vec::with_capacity(units.len());
    let mut indexes = Vec::with_capacity(units.len());
    let no_shape = Arc::new(Shape::new(Vec::new()));
    for unit in &mut units {
        shapes.push(std::mem::replace(&mut unit.shape, Arc::clone(&no_shape)));
        texts.push((
            std::mem::take(&mut unit.id),
            std::mem::take(&mut unit.category),
            unit.name.take(),
            std::mem::take(&mut unit.alt_names),
        ));
        indexes.push((
            std::mem::take(&mut unit.openings),
            std::mem::take(&mut unit.occupants),
        ));
    }
    let list = |one: usize| Live {
        bytes: (one * units.len()) as isize,
        blocks: 1,
    };
    let lists = [
        list(std::mem::size_of_val(&shapes[0])),
        list(std::mem::size_of_val(&texts[0])),
        list(std::mem::size_of_val(&indexes[0])),
        Live {
            bytes: 0,
            blocks: 0,
        },
    ];
    before = live();
    for ((name, part), list) in [
        (
            "model.units' shapes",
            Box::new(shapes) as Box<dyn std::any::Any>,
        ),
        ("model.units' texts", Box::new(texts)),
        ("model.units' openings, occupants", Box::new(indexes)),
        ("model.units, the rest", Box::new(units)),
    ]
    .into_iter()
    .zip(lists)
    {
        before.bytes -= list.bytes;
        before.blocks -= list.blocks;
        drop_row(name, part, &mut before);
    }
    drop_row("model.openings", Box::new(openings), &mut before);
    drop_row("model.occupants", Box::new(occupants), &mut before);
    drop_row(
        "model.amenities + kiosks",
        Box::new((amenities, kiosks)),
        &mut before,
    );
    drop_row("model.obstacles", Box::new(obstacles), &mut before);
    drop_row(
        "model.sections + geofences",
        Box::new((sections, geofences)),
        &mut before,
    );
    drop_row(
        "model.levels + connectors",
        Box::new((levels, connectors)),
        &mut before,
    );
    drop_row("model.ids", Box::new(ids), &mut before);
    drop_row(
        "model, the rest",
        Box::new((frame, name, category)),
        &mut before,
    );
    row("left (should be 0)", before, start);

    let (_, files) =
        viewer_files_derived("mall", &dir, &editions[..1]).unwrap_or_else(|e| panic!("{e}"));
    let files = &files[0];
    println!();
    println!("{:<34} {:>10} {:>10}", "viewer file", "JSON", "gzip fast");
    let mut total = (0, 0);
    let summary = serde_json::to_vec(&files.summary).expect("JSON");
    let jsons =
        std::iter::once(("summary".to_owned(), summary)).chain(files.levels.iter().map(|level| {
            (
                level.short.clone(),
                serde_json::to_vec(level).expect("JSON"),
            )
        }));
    for (name, json) in jsons {
        let gzip = gzip_fast(&json);
        println!("{name:<34} {:>10} {gzip:>10}", json.len());
        total = (total.0 + json.len(), total.1 + gzip);
    }
    println!(
        "{:<34} {:>10} {:>10}",
        "viewer files, all", total.0, total.1
    );
}
