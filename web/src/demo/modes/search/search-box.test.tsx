import { act, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../api';
import { SearchBox } from './search-box';
import { testWords } from '../../test-words';

const words = testWords();
const result = (id: string, name: string): SearchResult => ({
  id,
  kind: 'occupant',
  name,
  level: 'L1',
  point: [121.4, 31.17],
  category: 'cafe',
  category_label: '咖啡',
  unit: null,
  match: 'initials',
  distance_m: 83.2,
});
const results = [result('a', '星巴克'), result('b', '星巴克臻选'), result('c', '喜茶')];

function Harness(props: { onChoose: (r: SearchResult) => void; onSubmit: (q: string) => void }) {
  const [query, setQuery] = useState('');
  return (
    <SearchBox
      words={words}
      placeholder={words.search_placeholder}
      suggest={() => Promise.resolve(results)}
      onChoose={props.onChoose}
      onSubmit={props.onSubmit}
      query={query}
      onQuery={setQuery}
    />
  );
}

describe('the search combobox (ARIA 1.2)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function typeAndWait(input: HTMLElement, text: string) {
    fireEvent.input(input, { target: { value: text } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
  }

  it('suggests as the visitor types and moves through options with the arrow keys', async () => {
    const onChoose = vi.fn();
    render(<Harness onChoose={onChoose} onSubmit={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: words.search });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await typeAndWait(input, 'xbk');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: words.suggestions });
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('星巴克'),
      expect.stringContaining('星巴克臻选'),
      expect.stringContaining('喜茶'),
    ]);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    // Wraps from the first option to the last.
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    // Focus never leaves the input.
    expect(document.activeElement === input || document.activeElement === document.body).toBe(true);

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith(results[2]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('喜茶');
  });

  it('closes with Escape, then clears with a second Escape', async () => {
    render(<Harness onChoose={vi.fn()} onSubmit={vi.fn()} />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    await typeAndWait(input, 'xbk');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('xbk');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });

  it('submits the query with Enter when no option is active', async () => {
    const onSubmit = vi.fn();
    render(<Harness onChoose={vi.fn()} onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox');
    await typeAndWait(input, ' 母婴室 ');
    fireEvent.submit(input.closest('form')!);
    expect(onSubmit).toHaveBeenCalledWith('母婴室');
  });

  it('chooses an option with a click', async () => {
    const onChoose = vi.fn();
    render(<Harness onChoose={onChoose} onSubmit={vi.fn()} />);
    await typeAndWait(screen.getByRole('combobox'), 'x');
    fireEvent.click(screen.getAllByRole('option')[1]!);
    expect(onChoose).toHaveBeenCalledWith(results[1]);
  });
});
