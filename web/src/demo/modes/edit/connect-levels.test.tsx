import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { modelLevel } from '../../level-model';
import { testLevel, testSummary } from '../../test-level';
import { testKit } from '../test-kit';
import { ConnectLevels, connection } from './connect-levels';

const stairs = { id: 'stairs-l1', c: 'stairs', g: [[0, 0, 10, 0, 10, 10, 0, 10]], n: '楼梯' };

describe('joining a room to its like on another level', () => {
  it('is an undirected relationship of the room’s kind from it to the other', () => {
    expect(connection('r1', 'elevator', 'a', 'b')).toEqual({
      op: 'add',
      feature: {
        type: 'Feature',
        id: 'r1',
        feature_type: 'relationship',
        geometry: null,
        properties: {
          category: 'elevator',
          direction: 'undirected',
          origin: { id: 'a', feature_type: 'unit' },
          intermediary: null,
          destination: { id: 'b', feature_type: 'unit' },
          hours: null,
        },
      },
    });
  });

  it('offers the rooms of the same kind on the level chosen, and sends the relationship', async () => {
    const below = modelLevel({
      ...testLevel(),
      short: 'B1',
      units: [
        { ...stairs, id: 'stairs-b1', n: '地下楼梯' },
        { id: 'shop', c: 'unspecified', g: stairs.g },
      ],
    });
    const kit = testKit({ levelData: vi.fn(async () => below) });
    const onConnect = vi.fn();
    render(<ConnectLevels kit={kit} room={stairs} disabled={false} onConnect={onConnect} />);
    const level = screen.getByLabelText(kit.words.edit_connect_level) as HTMLSelectElement;
    level.value = 'B1';
    level.dispatchEvent(new Event('change', { bubbles: true }));
    const room = (await screen.findByLabelText(kit.words.edit_connect_room)) as HTMLSelectElement;
    expect([...room.options].map((option) => option.textContent)).toEqual(['地下楼梯']);
    expect(kit.levelData).toHaveBeenCalledWith('B1');
    fireEvent.click(screen.getByRole('button', { name: kit.words.edit_connect_button }));
    await waitFor(() => expect(onConnect).toHaveBeenCalledOnce());
    const change = onConnect.mock.calls[0]![0] as ReturnType<typeof connection>;
    expect(change).toMatchObject(
      connection(expect.any(String) as unknown as string, 'stairs', 'stairs-l1', 'stairs-b1'),
    );
  });

  it('lists the room’s connections, each with a button that removes it', () => {
    const links = [
      {
        id: 'rel-1',
        category: 'stairs',
        units: [
          { id: 'stairs-l1', level: 'L1', name: '楼梯' },
          { id: 'stairs-b1', level: 'B1', name: '地下楼梯' },
        ],
      },
      { id: 'rel-2', category: 'elevator', units: [{ id: 'lift', level: 'L1' }] },
    ];
    const kit = testKit({ summary: { ...testSummary(), links } });
    const onConnect = vi.fn();
    render(<ConnectLevels kit={kit} room={stairs} disabled={false} onConnect={onConnect} />);
    const list = screen.getByRole('list', { name: kit.words.edit_links });
    expect(list.querySelectorAll('li')).toHaveLength(1);
    const unlink = screen.getByRole('button', { name: '断开与 B1 地下楼梯 的连接' });
    fireEvent.click(unlink);
    expect(onConnect).toHaveBeenCalledWith({
      op: 'remove',
      feature_type: 'relationship',
      id: 'rel-1',
    });
  });

  it('asks for a connector kind first', () => {
    const kit = testKit();
    render(
      <ConnectLevels
        kit={kit}
        room={{ ...stairs, c: 'room' }}
        disabled={false}
        onConnect={vi.fn()}
      />,
    );
    expect(screen.getByText(kit.words.edit_connect_kind)).toBeTruthy();
  });
});
