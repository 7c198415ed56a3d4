// Share images are real 1200x640 PNGs, drawn from each page's own words.
import { describe, expect, it } from 'vitest';
import { renderShareImage, shareCardSvg } from './share-images';

const card = {
  brand: '寻境 Indora',
  label: '产品服务',
  heading: '反向寻车',
  summary: '停车时记下车位，返回时从所在位置跨楼层导航到车旁。',
  footer: '咨询热线 4000-999-023',
};

function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('share images', () => {
  it('are 1200x640 PNGs', () => {
    const { png } = renderShareImage(card);
    expect(pngSize(png)).toEqual({ width: 1200, height: 640 });
  });

  it('differ between pages', () => {
    const one = renderShareImage(card);
    const other = renderShareImage({ ...card, heading: '室内地图服务' });
    expect(one.hash).not.toBe(other.hash);
  });

  it('keep a long heading to three lines and escape markup', () => {
    const svg = shareCardSvg({ ...card, heading: '很长的标题<script>'.repeat(8) });
    expect(svg.match(/font-size="58"/g)).toHaveLength(3);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('…');
  });
});
