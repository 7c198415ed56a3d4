// What level a drawing is of, guessed from its file name the way architects name them (`B1.dxf`,
// `L2.dxf`, `3F.dxf`, `地下二层平面图.dxf`, `-1F.dxf`); the visitor corrects it in the form.
import { fill } from '../../format/fill';

export interface LevelGuess {
  short: string;
  ordinal: number;
  name: string;
}

const chineseDigits = '零一二三四五六七八九';

/** 1-99 written in Chinese numerals as a level's name has them: 一, 十二, 二十. */
function chineseNumber(n: number): string {
  if (n < 10) return chineseDigits[n]!;
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens > 1 ? chineseDigits[tens] : ''}十${ones ? chineseDigits[ones] : ''}`;
}

/** The number in a Chinese numeral of 1-99 (一, 十二, 二十三), or null. */
function fromChinese(text: string): number | null {
  const digit = (c: string) => chineseDigits.indexOf(c);
  if (/^[一二三四五六七八九]$/.test(text)) return digit(text);
  const match = /^([二三四五六七八九]?)十([一二三四五六七八九]?)$/.exec(text);
  if (!match) return null;
  const [, tens, ones] = match;
  return (tens ? digit(tens) : 1) * 10 + (ones ? digit(ones) : 0);
}

/** Templates of a level's name: `{n}` its number in digits, `{numeral}` in Chinese numerals. */
export interface LevelNames {
  /** `{numeral}层`, `Level {n}`. */
  above: string;
  /** `地下{numeral}层`, `Basement {n}`. */
  below: string;
}

/** The level of `file`, the `index`-th drawing chosen, when its name does not say. */
export function guessLevel(file: string, index: number, names: LevelNames): LevelGuess {
  const stem = file.replace(/\.[^.]*$/, '');
  const named = (template: string, n: number) =>
    fill(template, { n: String(n), numeral: chineseNumber(n) });
  const level = (below: boolean, n: number): LevelGuess =>
    below
      ? { short: `B${n}`, ordinal: -n, name: named(names.below, n) }
      : { short: `L${n}`, ordinal: n - 1, name: named(names.above, n) };
  const latin = /(?:^|[^a-z0-9])(?:(b)(\d{1,2})|(-)?(\d{1,2})f|(?:l|f)(\d{1,2}))(?![0-9])/i.exec(
    stem,
  );
  if (latin) {
    const [, basement, basementN, minus, floorN, levelN] = latin;
    if (basement) return level(true, Number(basementN));
    if (floorN) return level(Boolean(minus), Number(floorN));
    return level(false, Number(levelN));
  }
  const chinese = /(地下)?([一二三四五六七八九十]{1,3})层/.exec(stem);
  const n = chinese ? fromChinese(chinese[2]!) : null;
  if (chinese && n) return level(Boolean(chinese[1]), n);
  return level(false, index + 1);
}
