// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { pageLanguageParam, pageLocale, pagePunctuation, withPageLanguage } from './page-language';

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

  it("names the page's language in an address", () => {
    document.documentElement.lang = 'en';
    expect(pageLanguageParam()).toBe('&lang=en');
    document.documentElement.lang = 'zh-CN';
    expect(pageLanguageParam()).toBe('&lang=zh-CN');
  });

  it('adds nothing when the page names no language', () => {
    expect(pageLanguageParam()).toBe('');
    expect(withPageLanguage({ Accept: 'text/event-stream' })).toEqual({
      Accept: 'text/event-stream',
    });
  });

  it("joins words with the page's punctuation, Chinese unless the page is English", () => {
    expect(['B1', 'L1'].join(pagePunctuation().list)).toBe('B1、L1');
    document.documentElement.lang = 'zh-CN';
    expect(pagePunctuation().open).toBe('（');
    document.documentElement.lang = 'en';
    expect(['B1', 'L1'].join(pagePunctuation().list)).toBe('B1, L1');
    expect(pagePunctuation().clauses).toBe('; ');
  });

  it("writes dates in the page's language, Chinese when it names none", () => {
    expect(pageLocale()).toBe('zh-CN');
    document.documentElement.lang = 'en';
    expect(
      new Intl.DateTimeFormat(pageLocale(), { dateStyle: 'long' }).format(new Date(2026, 10, 30)),
    ).toMatch(/November/);
  });
});
