// content/venues/words.toml: every word of the live demo. [steps] (route steps) and [api_errors]
// (API messages) are spoken by the server, which looks words up by these keys, so each key is
// required and no other is allowed; [launcher] is the button that loads the viewer on a page;
// [upload] the form for a visitor's own building; [viewer] belongs to the map viewer and is checked with its own schema (viewer-words.ts).
import { z } from 'zod';
import { viewerWordsSchema } from './viewer-words';

const word = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? 'is missing; the server looks up every key of this table'
        : 'must be a string',
  })
  .trim()
  .min(1, 'must not be empty');

function wordTable<K extends string>(keys: readonly K[]) {
  const shape = Object.fromEntries(keys.map((key) => [key, word])) as Record<K, typeof word>;
  return z.object(shape).strict();
}

/** Keys of [steps]: the turn-by-turn phrases of a route (docs/venue-contract.md section 4.4). */
export const stepKeys = [
  'depart',
  'straight',
  'turn',
  'turn_at',
  'left',
  'right',
  'slight_left',
  'slight_right',
  'sharp_left',
  'sharp_right',
  'u_turn',
  'elevator',
  'escalator',
  'stairs',
  'ramp',
  'arrive',
  'arrive_here',
  'side_left',
  'side_right',
  'side_ahead',
  'unnamed_place',
] as const;

/**
 * Keys of [api_reasons]: why a request's body could not be read, as server/src/http/reasons.rs
 * lists them (its test holds words.toml to the same keys).
 */
export const apiReasonKeys = [
  'request_incomplete',
  'upload_incomplete',
  'multipart_boundary',
  'form_incomplete',
  'mapping_too_large',
  'mapping_invalid',
  'drawing_unnamed',
  'form_parts',
  'mapping_missing',
  'no_drawings',
  'edit_too_large',
  'edit_not_json',
  'layout_too_large',
  'layout_devices',
  'layout_not_json',
  'device_level_unplanned',
  'device_outside_level',
] as const;

/**
 * Keys of [api_errors]: the API's error codes (contract section 4.1), as the server's one table of
 * them has them (server/src/http/error.rs, whose test holds words.toml to the same keys).
 */
export const apiErrorKeys = [
  'venue_unknown',
  'level_unknown',
  'kiosk_unknown',
  'param_missing',
  'query_empty',
  'query_too_long',
  'category_unknown',
  'limit_malformed',
  'boolean_malformed',
  'place_malformed',
  'coordinates_malformed',
  'place_unknown',
  'point_outside_level',
  'point_not_walkable',
  'no_route',
  'no_accessible_route',
  'car_malformed',
  'car_unknown',
  'rate_limited',
  'positioning_absent',
  'tag_unknown',
  'time_malformed',
  'track_range',
  'format_unknown',
  'fence_malformed',
  'dwell_malformed',
  'flow_absent',
  'date_malformed',
  'date_range',
  'hour_malformed',
  'request_too_long',
  'cross_site',
  'busy',
  'client_busy',
  'compute_failed',
  'streams_per_client',
  'streams_full',
  'building_unknown',
  'building_too_large',
  'building_refused',
  'building_invalid',
  'buildings_per_day',
  'buildings_full',
  'buildings_unavailable',
  'building_conflict',
  'edit_malformed',
  'edit_refused',
  'edit_invalid',
  'technology_unknown',
  'target_malformed',
  'plan_refused',
  'layout_malformed',
  'zone_unknown',
  'lang_unknown',
] as const;

/** Keys of [launcher]: the picture and button that load the viewer on a page. */
export const launcherKeys = [
  'start',
  'kiosk_start',
  'hint',
  'loading',
  'failed',
  'retry',
  'preview_alt',
] as const;
export type LauncherKey = (typeof launcherKeys)[number];

/** Keys of [upload]: the form that takes a visitor's own building (islands/building-upload.tsx). */
export const uploadKeys = [
  'what',
  'limit',
  'choose',
  'drop',
  'too_large',
  'uploading',
  'failed',
  'refused_heading',
  'problems_caption',
  'problem_file',
  'problem_feature',
  'problem_field',
  'problem_rule',
  'problem_message',
  'again',
  'stored_heading',
  'levels',
  'features',
  'expires',
  'open',
  'download',
  'delete',
  'deleting',
  'delete_failed',
  'private',
  'upload_again',
  'mixed',
  'reading',
  'drawing_refused',
  'mapping_heading',
  'mapping_intro',
  'venue_name',
  'address',
  'locality',
  'placement',
  'placement_hint',
  'lon',
  'lat',
  'rotation',
  'drawing_legend',
  'level_short',
  'level_name',
  'level_ordinal',
  'level_name_above',
  'level_name_below',
  'unit',
  'unit_drawing',
  'unit_missing',
  'unit_millimetre',
  'unit_centimetre',
  'unit_metre',
  'unit_inch',
  'unit_foot',
  'size',
  'layers_caption',
  'layer_name',
  'layer_content',
  'layer_use',
  'layer_closed',
  'layer_objects',
  'use_wall',
  'use_door',
  'use_room',
  'use_elevator',
  'use_escalator',
  'use_stairs',
  'use_text',
  'use_ignore',
  'convert',
  'back_to_mapping',
  'converting',
  'cancel',
] as const;
export type UploadKey = (typeof uploadKeys)[number];

const uploadWordsSchema = wordTable(uploadKeys).extend({
  /** The largest archive the form sends; the server's buildings.max_upload_mib must not be less. */
  max_mib: z.number().int().min(1).max(100),
});
export type UploadWords = z.infer<typeof uploadWordsSchema>;

export const venueWordsSchema = z
  .object({
    steps: wordTable(stepKeys),
    api_errors: wordTable(apiErrorKeys),
    api_reasons: wordTable(apiReasonKeys),
    launcher: wordTable(launcherKeys),
    upload: uploadWordsSchema,
    viewer: viewerWordsSchema,
  })
  .strict();

export type VenueWords = z.infer<typeof venueWordsSchema>;
