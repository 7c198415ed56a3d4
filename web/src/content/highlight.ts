// Syntax highlighting of code samples, done once at build time so pages ship no highlighter.
// highlight.js escapes the code and adds <span class="hljs-..."> around tokens; the colours are
// in styles/site/code.css (.hljs-*).
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import json from 'highlight.js/lib/languages/json';
import typescript from 'highlight.js/lib/languages/typescript';
import type { CodeSample } from './schema';

hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('shell', bash);

function isCodeSample(value: unknown): value is CodeSample {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as CodeSample).code === 'string' &&
    typeof (value as CodeSample).language === 'string' &&
    typeof (value as CodeSample).file === 'string'
  );
}

/** The highlighted HTML of every code sample in a page's content, keyed by the code's text. */
export function highlightSamples(content: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (value: unknown) => {
    if (isCodeSample(value)) {
      found[value.code] = hljs.highlight(value.code, { language: value.language }).value;
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(visit);
    }
  };
  visit(content);
  return found;
}
