import type { CodeSample } from '../content/schema';

/**
 * A code sample with its file name. The highlighted HTML was made at build time by the content
 * loader (content/highlight.ts) from the sample's own text, so it holds only escaped code and
 * highlighting spans.
 */
export function CodeBlock({ sample, html }: { sample: CodeSample; html: string | undefined }) {
  return (
    <figure className="code-block">
      <figcaption className="code-block__file">{sample.file}</figcaption>
      <pre className="code-block__pre">
        {html === undefined ? (
          <code>{sample.code}</code>
        ) : (
          <code
            className={`hljs language-${sample.language}`}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        )}
      </pre>
    </figure>
  );
}
