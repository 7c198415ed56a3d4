// Lays out one route's content with its family's layout; each layout starts with the hero.
import { Hero } from '../components/hero';
import { contentOf } from '../content/types';
import type { Content, LoadedPage } from '../content/types';
import { AboutPage } from './about-page';
import { ArticlePage } from './article-page';
import { BusinessPage } from './business-page';
import { DemoPage } from './demo-page';
import { DevicePage } from './device-page';
import { HardwarePage } from './hardware-page';
import { HomePage } from './home-page';
import { KioskPage } from './kiosk-page';
import { NewsListPage } from './news-list-page';
import { SdkPage } from './sdk-page';
import { ServicePage } from './service-page';
import { SolutionPage } from './solution-page';
import { ThanksPage } from './thanks-page';

export function ContentPage({
  page,
  content,
  leadTemplate = false,
  firstFrame = false,
}: {
  page: LoadedPage;
  content: Content;
  /** The business page's enquiry form with the server's markers (docs/enquiries.md section 4). */
  leadTemplate?: boolean;
  /** The demo page of a hand-over address, which brings the viewer's first frame (issue #34). */
  firstFrame?: boolean;
}) {
  const home = contentOf(page, 'home');
  if (home) return <HomePage page={page} home={home} content={content} />;
  const service = contentOf(page, 'service');
  if (service) return <ServicePage page={page} service={service} content={content} />;
  const hardware = contentOf(page, 'hardware');
  if (hardware) return <HardwarePage hardware={hardware} content={content} />;
  const device = contentOf(page, 'device');
  if (device) return <DevicePage page={page} device={device} content={content} />;
  const solution = contentOf(page, 'solution');
  if (solution) return <SolutionPage page={page} solution={solution} content={content} />;
  const news = contentOf(page, 'news');
  if (news) return <NewsListPage page={page} news={news} content={content} />;
  const article = contentOf(page, 'article');
  if (article) return <ArticlePage page={page} article={article} content={content} />;
  const about = contentOf(page, 'about');
  if (about) return <AboutPage page={page} about={about} content={content} />;
  const business = contentOf(page, 'business');
  if (business) {
    return (
      <BusinessPage page={page} business={business} content={content} leadTemplate={leadTemplate} />
    );
  }
  const thanks = contentOf(page, 'thanks');
  if (thanks) return <ThanksPage thanks={thanks} hotline={content.site.hotline} />;
  const sdk = contentOf(page, 'sdk');
  if (sdk) return <SdkPage page={page} sdk={sdk} />;
  const demo = contentOf(page, 'demo');
  if (demo) return <DemoPage demo={demo} content={content} firstFrame={firstFrame} />;
  const kiosk = contentOf(page, 'kiosk');
  if (kiosk) return <KioskPage kiosk={kiosk} content={content} />;
  // A Markdown document (privacy terms).
  const { hero } = page.content;
  return (
    <>
      <Hero heading={hero.heading} intro={hero.intro} />
      <div className="section">
        <article
          className="markdown-body document"
          dangerouslySetInnerHTML={{ __html: page.bodyHtml ?? '' }}
        />
      </div>
    </>
  );
}
