/** The top of every page: its one h1 and the paragraph under it. */
export function Hero({ heading, intro }: { heading: string; intro: string }) {
  return (
    <section className="hero">
      <div className="hero__inner">
        <h1 className="hero__title">{heading}</h1>
        <p className="hero__intro">{intro}</p>
      </div>
    </section>
  );
}
