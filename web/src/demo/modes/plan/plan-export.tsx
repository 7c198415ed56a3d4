// A plan's devices to take away (issue #33): as infrastructure.geojson, the file a venue carries
// beside its IMDF files, and for a visitor's building its whole IMDF archive with that file in
// it. Both are posted the layout as it stands (`POST .../plan/infrastructure.geojson`, `POST
// /api/buildings/{id}/imdf.zip`) and saved as the server names them.
import { useState } from 'react';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { Button } from '../button';
import { type Layout, layoutBody } from './plan-layout';
import { withPageLanguage } from '../../../runtime/page-language';

export interface PlanExports {
  geojsonUrl: string;
  /** A visitor's building only. */
  archiveUrl: string | null;
}

/** Posts `layout` to `url` and saves the answer as a file; the refusal's message otherwise. */
export async function saveExport(url: string, layout: Layout): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: withPageLanguage({ 'Content-Type': 'application/json' }),
    body: layoutBody(layout),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new Error(body?.error?.message ?? String(response.status));
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'plan';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

export function PlanExport(props: { words: ViewerWords; exports: PlanExports; layout: Layout }) {
  const { words, exports, layout } = props;
  const [failed, setFailed] = useState<string | null>(null);
  const save = (url: string) => {
    setFailed(null);
    saveExport(url, layout).catch((error: unknown) =>
      setFailed(fill(words.plan_export_failed, { reason: String((error as Error).message) })),
    );
  };
  return (
    <div className="demo-plan__print-hide">
      <p>{words.plan_export_hint}</p>
      <div className="demo-actions">
        {exports.archiveUrl ? (
          <Button onClick={() => save(exports.archiveUrl!)}>{words.plan_export_archive}</Button>
        ) : null}
        <Button onClick={() => save(exports.geojsonUrl)}>{words.plan_export_geojson}</Button>
      </div>
      {failed ? <p role="alert">{failed}</p> : null}
    </div>
  );
}
