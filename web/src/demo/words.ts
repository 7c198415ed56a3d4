// The viewer's words: the [viewer] table of content/venues/words.toml. The build checks the table
// with this schema (every key required, no unknown key); the viewer imports only the type, so zod
// never reaches the browser.
import { z } from 'zod';

const phrase = z.string().trim().min(1);

export const viewerWordsSchema = z
  .object({
    // The demo as a whole: its region's name, loading, network errors, shared buttons.
    region: phrase,
    loading: phrase,
    network_error: phrase,
    retry: phrase,
    close: phrase,
    back: phrase,
    cancel: phrase,
    venue: phrase,
    // The map canvas. {venue} the venue's name, {level} a level's short name ("L1"), {name} its full name.
    map: phrase,
    map_help: phrase,
    levels: phrase,
    level_button: phrase,
    level_changed: phrase,
    zoom_in: phrase,
    zoom_out: phrase,
    north: phrase,
    fit: phrase,
    view_3d: phrase,
    view_3d_label: phrase,
    wheel_hint: phrase,
    you_are_here: phrase,
    // The letters on the route's start and end pins, and the bubble where the route changes level.
    marker_start: phrase,
    marker_end: phrase,
    transition_marker: phrase,
    // The start panel: a short introduction, sample searches and quick actions.
    intro: phrase,
    try: phrase,
    actions: phrase,
    action_route: phrase,
    // The search box and its results. {query} what the visitor typed, {count} a number, {distance} metres.
    search: phrase,
    search_placeholder: phrase,
    search_placeholder_sample: phrase,
    search_submit: phrase,
    search_clear: phrase,
    suggestions: phrase,
    results: phrase,
    results_count: phrase,
    results_none: phrase,
    distance: phrase,
    // The card of a place (a dialog), with its facts and the two route buttons.
    card_category: phrase,
    card_level: phrase,
    card_zone: phrase,
    card_hours: phrase,
    card_phone: phrase,
    card_website: phrase,
    go_here: phrase,
    start_here: phrase,
    // The route panel. {distance} metres and {minutes} minutes, rounded; {levels} the levels it passes.
    route: phrase,
    route_from: phrase,
    route_to: phrase,
    route_end: phrase,
    route_planning: phrase,
    route_summary: phrase,
    route_levels: phrase,
    route_announce: phrase,
    route_pick_to: phrase,
    route_clear: phrase,
    swap: phrase,
    accessible: phrase,
    steps: phrase,
    // Simulated navigation. {number} of {count} steps; {text} the step's own words.
    nav_start: phrase,
    nav_restart: phrase,
    nav_pause: phrase,
    nav_resume: phrase,
    nav_stop: phrase,
    step_announce: phrase,
    // Find my car. {space} the space number, {zone} its parking zone, {level} its level.
    findcar: phrase,
    findcar_intro: phrase,
    findcar_input: phrase,
    findcar_placeholder: phrase,
    findcar_submit: phrase,
    findcar_found: phrase,
    findcar_found_no_zone: phrase,
    findcar_note: phrase,
    findcar_none: phrase,
    // Nursing rooms: the nearest ones from where the visitor is.
    nursing: phrase,
    nursing_title: phrase,
    nursing_none: phrase,
    // The guide screen (kiosk) view: its directory and the QR code that hands the route to a phone.
    directory: phrase,
    kiosk_here: phrase,
    directory_pick: phrase,
    qr_alt: phrase,
    qr_caption: phrase,
    // "How this demo calls the API": the last request and its JSON answer.
    api: phrase,
    api_request: phrase,
    api_response: phrase,
    api_status: phrase,
    api_empty: phrase,
    api_cut: phrase,
    // Live positioning (issue #17): simulated tags positioned by our engine, with the measured
    // accuracy. {count} a number, {value} a figure; live_target_* the targets per technology.
    live: phrase,
    live_intro: phrase,
    live_connecting: phrase,
    live_failed: phrase,
    live_truth: phrase,
    live_truth_hint: phrase,
    live_count: phrase,
    live_accuracy: phrase,
    live_accuracy_none: phrase,
    live_technology: phrase,
    live_cep50: phrase,
    live_cep95: phrase,
    live_target: phrase,
    live_floor: phrase,
    live_metres: phrase,
    live_percent: phrase,
    live_ble: phrase,
    live_aoa: phrase,
    live_uwb: phrase,
    live_target_ble: phrase,
    live_target_aoa: phrase,
    live_target_uwb: phrase,
    // The panel on phones, a bottom sheet over the map.
    sheet_expand: phrase,
    sheet_collapse: phrase,
  })
  .strict();

export type ViewerWords = z.infer<typeof viewerWordsSchema>;
