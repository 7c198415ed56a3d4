// The live demo's launcher props (issue #14), built from content for a page: which venues the
// viewer offers, the task it opens on, its words, and the picture of the first level.
import type { DemoTaskContent } from '../content/schema';
import type { Content } from '../content/types';
import type { VenueDemoProps } from '../islands/venue-demo';
import { fill } from '../format/fill';
import { summaryIn } from '../content/venues/names';

export function venueDemoProps(
  content: Content,
  task: DemoTaskContent,
  layout: VenueDemoProps['layout'],
  options: { readsAddress?: boolean; uploadPath?: string; firstFrame?: boolean } = {},
): VenueDemoProps {
  const { list, words } = content.venues;
  const venue = list.find((entry) => entry.id === task.venue);
  const summary = venue && summaryIn(venue, content.language);
  const level = summary?.levels.find(
    (entry) => entry.short === (task.level ?? summary.defaultLevel),
  );
  const preview = venue?.previews.find((entry) => entry.level === level?.short);
  const { launcher } = words;
  return {
    task,
    layout,
    venues: list.map((entry) => ({
      id: entry.summary.id,
      name: summaryIn(entry, content.language).name,
      defaultLevel: entry.summary.defaultLevel,
    })),
    words: {
      start: layout === 'kiosk' ? launcher.kiosk_start : launcher.start,
      hint: launcher.hint,
      loading: launcher.loading,
      failed: launcher.failed,
      retry: launcher.retry,
    },
    viewerWords: words.viewer,
    // A page that brings its first frame starts the viewer at once: no picture to fetch first.
    preview:
      summary && level && preview && !options.firstFrame
        ? {
            src: preview.url,
            width: preview.width,
            height: preview.height,
            alt: fill(launcher.preview_alt, {
              venue: summary.name,
              level: level.name,
            }),
          }
        : null,
    readsAddress: options.readsAddress ?? false,
    ...(options.firstFrame ? { starting: true } : {}),
    ...(options.uploadPath
      ? { building: { uploadPath: options.uploadPath, uploadAgain: words.upload.upload_again } }
      : {}),
  };
}
