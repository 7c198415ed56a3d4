//! The TypeScript types of the API's answers, generated from their Rust types: the viewer's
//! (web/src/demo/api-answers.ts) and the enquiry form's (web/src/islands/lead-answers.ts). The
//! test fails when a file differs from what the types say, and rewrites them when asked
//! (`SITE_WRITE_ANSWER_TYPES=1`): a renamed field then fails `tsc` where it is used, instead of
//! nothing.

use std::path::Path;

use site_positioning::Technology;
use ts_rs::TS;

use super::buildings::{
    BuildingCreated, BuildingInfo, BuildingLevel, DrawingAnswer, DrawingExtents, DrawingLayer,
    EditRequest, EditSaved,
};
use super::error::{ApiRefusal, BuildingProblem, EnquiryRefused, RefusalDetail};
use super::leads::EnquiryAccepted;
use super::positions::answers::{
    FlowAnswer, FlowHeat, FlowParking, FlowParkingLevel, FlowZone, LiveAccuracyEvent,
    LiveAlertEvent, LiveEvent, LiveTagEvent, TrackAnswer, TrackPoint, Truth,
};
use super::venues::answers::{
    DirectoryEntry, DirectoryLevel, DirectorySection, FindCarAnswer, HeatGrid, Kiosk, KioskAnswer,
    LegPath, LegProperties, LineString, ParkingSpace, RouteAnswer, RouteEnd, RouteLeg, RouteStep,
    RouteTransition, SearchAnswer, SearchResult, VenueList, VenueListEntry,
};
use super::venues::plan_answers::{
    PlanAnswer, PlanFailed, PlanFigures, PlanGaps, PlanHeat, PlanProgress, PlanQueued, PlanRound,
    PlannedDevice,
};
use super::venues::{LayoutDevice, LayoutRequest};
use crate::buildings::{
    DrawingAddress, DrawingLength, DrawingLevel, DrawingMapping, DrawingPlacement,
};

/// Every answer type and the types it is made of, each declared once.
fn declarations() -> Vec<String> {
    vec![
        VenueList::decl(),
        VenueListEntry::decl(),
        SearchAnswer::decl(),
        SearchResult::decl(),
        RouteAnswer::decl(),
        RouteEnd::decl(),
        RouteLeg::decl(),
        LegPath::decl(),
        LegProperties::decl(),
        LineString::decl(),
        RouteTransition::decl(),
        RouteStep::decl(),
        FindCarAnswer::decl(),
        ParkingSpace::decl(),
        KioskAnswer::decl(),
        Kiosk::decl(),
        DirectorySection::decl(),
        DirectoryLevel::decl(),
        DirectoryEntry::decl(),
        TrackAnswer::decl(),
        TrackPoint::decl(),
        Truth::decl(),
        FlowAnswer::decl(),
        FlowZone::decl(),
        FlowHeat::decl(),
        HeatGrid::decl(),
        FlowParking::decl(),
        FlowParkingLevel::decl(),
        LiveEvent::decl(),
        LiveTagEvent::decl(),
        LiveAccuracyEvent::decl(),
        LiveAlertEvent::decl(),
        BuildingCreated::decl(),
        BuildingInfo::decl(),
        BuildingLevel::decl(),
        ApiRefusal::decl(),
        RefusalDetail::decl(),
        BuildingProblem::decl(),
        DrawingAnswer::decl(),
        DrawingLayer::decl(),
        DrawingExtents::decl(),
        site_dxf::LayerMeaning::decl(),
        site_dxf::LengthUnit::decl(),
        DrawingMapping::decl(),
        DrawingAddress::decl(),
        DrawingPlacement::decl(),
        DrawingLevel::decl(),
        DrawingLength::decl(),
        EditRequest::decl(),
        EditSaved::decl(),
        site_venues::edit::Change::decl(),
        PlanQueued::decl(),
        PlanProgress::decl(),
        PlanAnswer::decl(),
        PlannedDevice::decl(),
        PlanFigures::decl(),
        PlanRound::decl(),
        PlanHeat::decl(),
        PlanGaps::decl(),
        PlanFailed::decl(),
        LayoutRequest::decl(),
        LayoutDevice::decl(),
    ]
}

/// The positioning technologies, as the answers name them.
fn technology() -> String {
    let names: Vec<String> = Technology::ALL
        .iter()
        .map(|technology| format!("'{}'", technology.name()))
        .collect();
    format!("type Technology = {};", names.join(" | "))
}

/// The target CEP95 a plan may ask per technology, `[min, max, offered]` metres, as the server
/// takes them (a constant among the types: the form and the server share one list).
fn plan_targets() -> String {
    let entries: Vec<String> = Technology::ALL
        .iter()
        .map(|&technology| {
            let (min, max, offered) = super::venues::plan_targets(technology);
            format!("{}: [{min}, {max}, {offered}]", technology.name())
        })
        .collect();
    format!(
        "const planTargets: Record<Technology, [min: number, max: number, offered: number]> = {{ {} }};",
        entries.join(", ")
    )
}

fn generated(declarations: impl IntoIterator<Item = String>) -> String {
    let mut text = String::from(
        "// Generated from the server's answer types (server/src/http/answer_types.rs): do not edit.\n\
         // SITE_WRITE_ANSWER_TYPES=1 cargo test --release -p site-server --lib answer_types writes it again.\n",
    );
    for declaration in declarations {
        text.push_str("\nexport ");
        text.push_str(&declaration);
        text.push('\n');
    }
    text
}

#[test]
fn the_web_answer_types_are_the_servers() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src");
    let files = [
        (
            web.join("demo/api-answers.ts"),
            generated(
                [technology(), plan_targets()]
                    .into_iter()
                    .chain(declarations()),
            ),
        ),
        (
            web.join("islands/lead-answers.ts"),
            generated([EnquiryAccepted::decl(), EnquiryRefused::decl()]),
        ),
    ];
    for (file, expected) in files {
        if std::env::var_os("SITE_WRITE_ANSWER_TYPES").is_some() {
            std::fs::write(&file, &expected).unwrap();
        }
        let written = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            written == expected,
            "{} is not what the answer types say: run SITE_WRITE_ANSWER_TYPES=1 cargo test --release -p site-server --lib answer_types, then fix the web code where tsc says",
            file.display()
        );
    }
}
