// The hardware overview (/next/device): how to choose, then every device with its picture.
import { LinkCards, TextCards } from '../components/cards';
import { ConsultCta } from '../components/consult-cta';
import { Hero } from '../components/hero';
import { ContentSection, PageSection } from '../components/page-section';
import type { HardwarePageContent } from '../content/schema';
import type { Content } from '../content/types';
import { deviceIds } from '../content/route-table';
import { deviceCards } from './related';

export function HardwarePage({
  hardware,
  content,
}: {
  hardware: HardwarePageContent;
  content: Content;
}) {
  return (
    <>
      <Hero heading={hardware.hero.heading} intro={hardware.hero.intro} />
      <PageSection id="hardware-devices" title={hardware.devices_title}>
        <LinkCards
          items={deviceCards(content, deviceIds)}
          more={hardware.device_link}
          newWindowNote={content.site.a11y.new_window}
        />
      </PageSection>
      <ContentSection id="hardware-guide" section={hardware.guide} band>
        <TextCards items={hardware.guide.items} />
      </ContentSection>
      <ConsultCta id="hardware-cta" cta={content.site.device_page.cta} content={content} />
    </>
  );
}
