// The HarmonyOS NEXT SDK page (/next/cums/HarmonyNext): what it does, what it needs, the
// integration steps with their code, and a complete sample, highlighted at build time.
import { TextCards } from '../components/cards';
import { CodeBlock } from '../components/code-block';
import { Hero } from '../components/hero';
import { PageSection } from '../components/page-section';
import type { SdkPageContent } from '../content/schema';
import type { LoadedPage } from '../content/types';

export function SdkPage({ page, sdk }: { page: LoadedPage; sdk: SdkPageContent }) {
  const html = (code: string) => page.highlighted?.[code];
  return (
    <>
      <Hero heading={sdk.hero.heading} intro={sdk.hero.intro} image={page.heroImage} />
      <PageSection id="sdk-features" title={sdk.features.title}>
        {sdk.features.intro ? <p className="section__intro">{sdk.features.intro}</p> : null}
        <TextCards items={sdk.features.items} />
      </PageSection>
      <PageSection id="sdk-requirements" title={sdk.requirements.title} band>
        {sdk.requirements.intro ? <p className="section__intro">{sdk.requirements.intro}</p> : null}
        <ul className="checklist">
          {sdk.requirements.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="sdk-steps" title={sdk.steps.title}>
        {sdk.steps.intro ? <p className="section__intro">{sdk.steps.intro}</p> : null}
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
      </PageSection>
      <PageSection id="sdk-sample" title={sdk.sample.title} band>
        <p className="section__intro">{sdk.sample.intro}</p>
        <CodeBlock sample={sdk.sample.code} html={html(sdk.sample.code.code)} />
      </PageSection>
    </>
  );
}
