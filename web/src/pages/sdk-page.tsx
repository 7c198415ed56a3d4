// The HarmonyOS NEXT SDK page (/next/cums/HarmonyNext): what it does, what it needs, the
// integration steps with their code, and a complete sample, highlighted at build time.
import { TextCards } from '../components/cards';
import { CodeBlock } from '../components/code-block';
import { Hero } from '../components/hero';
import { ContentSection } from '../components/page-section';
import type { SdkPageContent } from '../content/schema';
import type { LoadedPage } from '../content/types';

export function SdkPage({ page, sdk }: { page: LoadedPage; sdk: SdkPageContent }) {
  const html = (code: string) => page.highlighted?.[code];
  return (
    <>
      <Hero heading={sdk.hero.heading} intro={sdk.hero.intro} image={page.heroImage} />
      <ContentSection id="sdk-features" section={sdk.features}>
        <TextCards items={sdk.features.items} />
      </ContentSection>
      <ContentSection id="sdk-requirements" section={sdk.requirements} band>
        <ul className="checklist">
          {sdk.requirements.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </ContentSection>
      <ContentSection id="sdk-steps" section={sdk.steps}>
        <ol className="steps">
          {sdk.steps.items.map((step, index) => (
            <li className="steps__item" key={step.title}>
              <h3 className="steps__title">
                <span className="steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                {step.title}
              </h3>
              <p className="steps__text">{step.text}</p>
              {step.code ? <CodeBlock sample={step.code} html={html(step.code.code)} /> : null}
            </li>
          ))}
        </ol>
      </ContentSection>
      <ContentSection id="sdk-sample" section={sdk.sample} band>
        <CodeBlock sample={sdk.sample.code} html={html(sdk.sample.code.code)} />
      </ContentSection>
    </>
  );
}
