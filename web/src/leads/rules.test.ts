// The browser's rules against the cases the server's rules are tested with (docs/enquiries.md
// section 1): both sides must give exactly the listed errors for every case.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoContent } from '../content/repo-content';
import { loadEditions } from '../content/load';
import { repoContentDir } from '../testing/repo-content-dir';
import { leadCatalog } from './catalog';
import { type LeadInput, cleanPhone, cleanText, fieldMessage, validateLead } from './rules';

interface Case {
  input: LeadInput;
  errors: Record<string, string>;
}

const cases = JSON.parse(
  readFileSync(join(import.meta.dirname, 'validation-cases.json'), 'utf8'),
) as Case[];

// The real choices of content/, as the manifest carries them.
const catalog = leadCatalog(repoContent());
const choices = {
  scenarios: catalog.scenarios.map((choice) => choice.value),
  products: catalog.products.map((choice) => choice.value),
};

describe('the shared validation cases', () => {
  it('are there, and cover what the contract lists', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  for (const [index, { input, errors }] of cases.entries()) {
    it(`case ${index}: ${JSON.stringify(input).slice(0, 90)}`, () => {
      expect(validateLead(input, choices)).toEqual(errors);
    });
  }
});

describe("the English form's choices", () => {
  it('are named in English, as its own menu and pages name them, with the same values', () => {
    const english = leadCatalog(loadEditions(repoContentDir).en);
    expect(english.scenarios.map((choice) => choice.value)).toEqual(choices.scenarios);
    expect(english.products.map((choice) => choice.value)).toEqual(choices.products);
    for (const { label } of [...english.scenarios, ...english.products]) {
      expect(label).not.toMatch(/^\/|\p{Script=Han}/u);
    }
  });
});

describe('cleaning', () => {
  it('drops control characters, keeps line breaks in a message, trims ideographic spaces', () => {
    expect(cleanText('张\u0000三')).toBe('张三');
    expect(cleanText('　 张三\t ')).toBe('张三');
    expect(cleanText('一\r\n二\r三\u0007', true)).toBe('一\n二\n三');
    expect(cleanPhone(' 138 0013\u00a08000 ')).toBe('13800138000');
  });

  it('fills {label} and {max} into messages', () => {
    expect(fieldMessage(catalog.messages, catalog.labels, 'name', 'too_long')).toBe(
      catalog.messages.too_long.replace('{label}', '姓名').replace('{max}', '40'),
    );
    expect(fieldMessage(catalog.messages, catalog.labels, 'phone', 'required')).toBe('请填写电话');
  });
});
