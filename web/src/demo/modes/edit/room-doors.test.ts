import { describe, expect, it } from 'vitest';
import type { OpeningShape, UnitShape } from '../../../content/venues/viewer-files';
import { doorWidth, roomDoors } from './room-doors';

const room: UnitShape = { id: 'r', c: 'room', g: [[0, 0, 100, 0, 100, 50, 0, 50]] };
const door = (id: string, a: [number, number, number, number]): OpeningShape => ({
  id,
  c: 'pedestrian',
  a,
});

describe('a room’s doors', () => {
  it('are the openings with both ends on its outline, within the map’s rounding', () => {
    const doors = [
      door('south', [40, 0, 55, 0]),
      door('east', [100, 10, 101, 25]),
      door('half-on', [95, 0, 110, 0]),
      door('inside', [40, 20, 55, 20]),
      door('elsewhere', [300, 0, 315, 0]),
    ];
    expect(roomDoors(room, doors).map((d) => d.id)).toEqual(['south', 'east']);
  });

  it('are measured in metres', () => {
    expect(doorWidth(door('d', [0, 0, 15, 0]))).toBe(1.5);
    expect(doorWidth(door('d', [0, 0, 9, 12]))).toBe(1.5);
  });
});
