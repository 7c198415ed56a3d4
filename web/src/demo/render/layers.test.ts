import { describe, expect, it } from 'vitest';
import { noLayers, sameLayers } from './layers';

describe('sameLayers', () => {
  it('holds for the very same layers, field by field, and not for a new array', () => {
    expect(sameLayers(noLayers, { ...noLayers })).toBe(true);
    expect(sameLayers(noLayers, { ...noLayers, markers: [] })).toBe(false);
    expect(sameLayers(noLayers, { ...noLayers, highlight: 'unit-1' })).toBe(false);
  });
});
