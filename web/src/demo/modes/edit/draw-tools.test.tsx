import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureChange } from '../../api-answers';
import { modelLevel } from '../../level-model';
import { testLevel, testSummary } from '../../test-level';
import { testAt, testKit } from '../test-kit';
import { ringArea } from '../../geometry';
import { DrawTools } from './draw-tools';
import type { Drawing, Tool } from './edit-mode';

const square = { id: 'room-1', c: 'room', g: [[0, 0, 100, 0, 100, 100, 0, 100]], n: '仓库' };

function drawing(tool: Tool | null, points: [number, number][]): Drawing {
  return {
    tool,
    points,
    choose: vi.fn(),
    place: vi.fn(),
    placeCentre: vi.fn(),
    back: vi.fn(),
  };
}

function show(tool: Tool | null, points: [number, number][], withRoom = false) {
  const kit = testKit({
    level: 'L1',
    model: modelLevel({ ...testLevel(), units: [square] }),
    summary: {
      ...testSummary(),
      choices: { units: {}, amenities: { atm: '自助取款机', defibrillator: '除颤仪' } },
    },
  });
  const held = drawing(tool, points);
  const send = vi.fn<(changes: FeatureChange[]) => void>();
  const unit = withRoom
    ? modelLevel({ ...testLevel(), units: [square] }).byId.get('room-1')
    : undefined;
  render(<DrawTools kit={kit} unit={unit} drawing={held} busy={false} send={send} />);
  return { kit, held, send };
}

describe('the editor’s drawing tools', () => {
  it('places an amenity of the first kind offered in the room under its point', () => {
    const { held, send } = show('amenity', [[50, 50]]);
    expect(held.choose).toHaveBeenCalledWith(null);
    const [change] = send.mock.calls[0]![0];
    if (change?.op !== 'add') throw new Error('an amenity is added whole');
    expect(change.feature).toMatchObject({
      feature_type: 'amenity',
      geometry: { type: 'Point', coordinates: testAt(50, 50) },
      properties: { category: 'atm', unit_ids: ['room-1'] },
    });
  });

  it('says so, and sends nothing, when the amenity’s point is in no room', () => {
    const { kit, send } = show('amenity', [[500, 500]]);
    expect(screen.getByRole('alert').textContent).toBe(kit.words.edit_place_amenity_nowhere);
    expect(send).not.toHaveBeenCalled();
  });

  it('offers the corner tool only with a room selected, and picks a tool', () => {
    const { kit, held } = show(null, []);
    expect(screen.queryByRole('button', { name: kit.words.edit_move_corner })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: kit.words.edit_draw_room }));
    expect(held.choose).toHaveBeenCalledWith('room');
  });

  it('sends a drawn room in longitude and latitude on the level shown, once it has 3 corners', () => {
    const { kit, send } = show('room', [
      [0, 0],
      [200, 0],
      [200, 100],
    ]);
    fireEvent.input(screen.getByLabelText(kit.words.edit_name), { target: { value: ' 茶水间 ' } });
    fireEvent.click(screen.getByRole('button', { name: kit.words.edit_draw_finish }));
    expect(send).toHaveBeenCalledOnce();
    const [change] = send.mock.calls[0]![0];
    expect(change).toMatchObject({
      op: 'draw_room',
      level_id: 'level-l1',
      name: '茶水间',
      category: 'room',
      corners: [testAt(0, 0), testAt(200, 0), testAt(200, 100)],
    });
  });

  it('cannot finish a fence of two corners, and places the map’s middle from the keyboard', () => {
    const { kit, held, send } = show('fence', [
      [0, 0],
      [200, 0],
    ]);
    const finish = screen.getByRole('button', { name: kit.words.edit_draw_finish });
    expect((finish as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: kit.words.edit_place_centre }));
    expect(held.placeCentre).toHaveBeenCalledOnce();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a fence drawn clockwise counter-clockwise, as the venue check asks', () => {
    const { kit, send } = show('fence', [
      [0, 0],
      [0, 100],
      [100, 100],
    ]);
    fireEvent.click(screen.getByRole('button', { name: kit.words.edit_draw_finish }));
    const [change] = send.mock.calls[0]![0];
    if (change?.op !== 'add') throw new Error('a fence is added whole');
    const ring = (change.feature.geometry as { coordinates: [number, number][][] }).coordinates[0]!;
    expect(ringArea(ring.slice(0, -1).flat())).toBeGreaterThan(0);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(change.feature.properties['level_ids']).toEqual(['level-l1']);
  });

  it('lists the selected room’s corners for a visitor on the keyboard', () => {
    const picked = show('corner', [], true);
    fireEvent.click(screen.getByRole('button', { name: '角 2' }));
    expect(picked.held.place).toHaveBeenCalledWith([100, 0]);
  });

  it('adds a corner on the wall at its one point, or removes the corner picked', () => {
    const added = show('split', [[50, 2]], true);
    expect(added.send.mock.calls[0]![0]).toEqual([
      { op: 'add_corner', id: 'room-1', at: testAt(50, 2) },
    ]);
    cleanup();
    const picked = show('corner', [[100, 0]], true);
    fireEvent.click(screen.getByRole('button', { name: picked.kit.words.edit_remove_corner }));
    expect(picked.send.mock.calls[0]![0]).toEqual([
      { op: 'remove_corner', id: 'room-1', at: testAt(100, 0) },
    ]);
  });

  it('sends the corner’s move on its second point', () => {
    const { send, held } = show(
      'corner',
      [
        [100, 0],
        [120, 10],
      ],
      true,
    );
    expect(held.choose).toHaveBeenCalledWith(null);
    expect(send.mock.calls[0]![0]).toEqual([
      { op: 'move_corner', id: 'room-1', at: testAt(100, 0), to: testAt(120, 10) },
    ]);
  });
});
