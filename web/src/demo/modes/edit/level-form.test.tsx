import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureChange } from '../../api-answers';
import { testKit } from '../test-kit';
import { LevelForm } from './level-form';

describe('the level form of the editor', () => {
  it('swaps the level shown with the one below, sending every level in the new order', () => {
    const kit = testKit({ level: 'L1' });
    const send = vi.fn<(changes: FeatureChange[]) => void>();
    render(<LevelForm kit={kit} busy={false} send={send} />);
    expect(screen.getByText('从下往上数第 2 层，共 2 层。')).toBeTruthy();
    // The top level has nothing above it.
    expect(screen.queryByRole('button', { name: /与上面的/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '与下面的 B1 对调顺序' }));
    expect(send).toHaveBeenCalledWith([{ op: 'order_levels', ids: ['level-l1', 'level-b1'] }]);
  });

  it('renames the level, and not to nothing', () => {
    const kit = testKit({ level: 'B1' });
    const send = vi.fn<(changes: FeatureChange[]) => void>();
    render(<LevelForm kit={kit} busy={false} send={send} />);
    const name = screen.getByLabelText(kit.words.edit_level_name);
    fireEvent.input(name, { target: { value: '  ' } });
    fireEvent.submit(name.closest('form')!);
    expect(send).not.toHaveBeenCalled();
    fireEvent.input(name, { target: { value: '停车场' } });
    fireEvent.submit(name.closest('form')!);
    expect(send).toHaveBeenCalledWith([
      {
        op: 'patch',
        feature_type: 'level',
        id: 'level-b1',
        properties: { name: { 'zh-Hans': '停车场' } },
      },
    ]);
  });

  it('sets the height, clears it back to the contract default, and sends nothing unchanged', () => {
    const kit = testKit({ level: 'L1' });
    const send = vi.fn<(changes: FeatureChange[]) => void>();
    render(<LevelForm kit={kit} busy={false} send={send} />);
    const height = screen.getByLabelText<HTMLInputElement>(kit.words.edit_level_height);
    // The contract's range and default (docs/venue-contract.json), and the level's 4 m.
    expect([height.min, height.max, height.placeholder, height.value]).toEqual([
      '2',
      '30',
      '4.5',
      '4',
    ]);
    expect(height.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.submit(height.closest('form')!);
    expect(send).not.toHaveBeenCalled();
    fireEvent.input(height, { target: { value: '5.2' } });
    fireEvent.submit(height.closest('form')!);
    expect(send).toHaveBeenLastCalledWith([
      { op: 'patch', feature_type: 'level', id: 'level-l1', properties: { height: 5.2 } },
    ]);
    fireEvent.input(height, { target: { value: '' } });
    fireEvent.submit(height.closest('form')!);
    expect(send).toHaveBeenLastCalledWith([
      { op: 'patch', feature_type: 'level', id: 'level-l1', properties: { height: null } },
    ]);
  });
});
