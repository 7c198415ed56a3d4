// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { withPageLanguage } from './page-language';

describe('withPageLanguage', () => {
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it("adds the page's language to a request's headers", () => {
    document.documentElement.lang = 'en';
    expect(withPageLanguage({ Accept: 'application/json' })).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'en',
    });
    document.documentElement.lang = 'zh-CN';
    expect(withPageLanguage({})).toEqual({ 'Accept-Language': 'zh-CN' });
  });

  it('adds nothing when the page names no language', () => {
    expect(withPageLanguage({ Accept: 'text/event-stream' })).toEqual({
      Accept: 'text/event-stream',
    });
  });
});
