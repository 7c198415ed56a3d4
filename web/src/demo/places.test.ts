import { describe, expect, it } from 'vitest';
import { placeRef } from './places';

describe('placeRef', () => {
  it('names a place by its id, and a point without one by lon,lat@level as the API reads it', () => {
    expect(placeRef({ id: 'unit-1', point: [121.4, 31.17], level: 'L1' })).toBe('unit-1');
    expect(placeRef({ id: null, point: [121.4001234, 31.1702], level: 'B2' })).toBe(
      '121.4001234,31.1702@B2',
    );
  });
});
