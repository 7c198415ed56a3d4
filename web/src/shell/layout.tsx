// Puts a page inside the shell for desktop visitors; mobile visitors get the bare page
// (spec section 1 and 4: no header, footer or floating tool).
import type { ReactNode } from 'react';
import type { Content } from '../content/types';
import { Island } from './island';
import { mainContentId, topTargetId } from '../components/page-anchors';
import { dialogFormId, leadFormProps, leadPaths } from '../leads/catalog';
import { editionPath } from '../content/language';
import { type PageVariant, regionOf } from '../content/variant';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageSwitch } from './language-switch';
import type { Alternate } from '../seo/head';

export function Layout({
  variant,
  path,
  content,
  twin,
  children,
}: {
  variant: PageVariant;
  path: string;
  content: Content;
  /** The page in the other edition, where it has one (issue #35). */
  twin?: Alternate | undefined;
  children: ReactNode;
}) {
  if (variant === 'mobile') {
    return (
      <main id={mainContentId} className="page page--bare">
        {children}
        <LanguageSwitch site={content.site} twin={twin} className="language-switch--bare" />
      </main>
    );
  }
  const { site, menu, footer } = content;
  const region = regionOf(variant);
  return (
    <>
      <div id={topTargetId} tabIndex={-1} className="top-anchor" />
      <a className="skip-link" href={`#${mainContentId}`}>
        {site.a11y.skip_to_content}
      </a>
      <Header site={site} menu={menu} path={path} language={content.language} twin={twin} />
      <main id={mainContentId} className="page" tabIndex={-1}>
        {children}
      </main>
      <Footer site={site} footer={footer} region={region} />
      <Island
        name="floating-tool"
        props={{
          labels: site.floating_tool,
          hotline: site.hotline,
          qrAltSuffix: site.a11y.qr_alt_suffix,
          showOfficialAccount: region === 'international',
          form: leadFormProps(content, { formId: dialogFormId, page: path, compact: true }),
          formPage: editionPath(leadPaths.form, content.language),
        }}
      />
    </>
  );
}
