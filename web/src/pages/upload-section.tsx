// "用我的场馆试一试" (issue #32) as a section of a page: the upload form for a visitor's own building.
import { Island } from '../shell/island';
import { PageSection } from '../components/page-section';
import type { UploadSectionContent } from '../content/schema';
import type { Content } from '../content/types';
import { buildingUploadProps } from '../island-props/building-upload-props';

/** The demo page links here when the building of its address is gone. */
export const uploadSectionId = 'building-upload';

export function UploadSection(props: { section: UploadSectionContent; content: Content }) {
  const { section, content } = props;
  return (
    <PageSection id={uploadSectionId} title={section.heading} intro={section.intro}>
      <Island name="building-upload" props={buildingUploadProps(content)} />
    </PageSection>
  );
}
