// The live demo as a section of a page that it proves (issues #14 and #17): a service page or a
// hardware page with a [demo] in its content. Nothing of the demo loads before the visitor asks.
import { Island } from '../shell/island';
import { PageSection } from '../components/page-section';
import type { DemoSectionContent } from '../content/schema';
import type { Content } from '../content/types';
import { venueDemoProps } from '../island-props/venue-demo-props';

export function DemoSection(props: { id: string; demo: DemoSectionContent; content: Content }) {
  const { id, demo, content } = props;
  return (
    <PageSection id={id} title={demo.heading} intro={demo.intro}>
      <Island name="venue-demo" props={venueDemoProps(content, demo.task, 'embedded')} />
    </PageSection>
  );
}
