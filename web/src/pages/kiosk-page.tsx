// A guide screen's page (/next/demo/kiosk/<kiosk id>, issue #14): what a screen standing in
// the venue shows, its map turned to the screen's facing, behind a "touch to start" button.
import { Island } from '../shell/island';
import type { DemoTaskContent } from '../content/schema';
import type { Content, KioskPageContent } from '../content/types';
import { venueDemoProps } from '../island-props/venue-demo-props';

export function KioskPage({ kiosk, content }: { kiosk: KioskPageContent; content: Content }) {
  const task: DemoTaskContent = {
    mode: 'kiosk',
    venue: kiosk.venue,
    level: kiosk.level,
    kiosk: kiosk.id,
  };
  return (
    <section className="kiosk-page" aria-labelledby="kiosk-heading">
      <div className="kiosk-page__head">
        <h1 id="kiosk-heading" className="kiosk-page__title">
          {kiosk.hero.heading}
        </h1>
        <p className="kiosk-page__intro">{kiosk.hero.intro}</p>
      </div>
      <Island name="venue-demo" props={venueDemoProps(content, task, 'kiosk')} />
    </section>
  );
}
