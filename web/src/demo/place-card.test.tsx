import { act, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlaceCard } from './place-card';
import { modelLevel } from './level-model';
import { placeFromPick } from './places';
import { testLevel, testSummary } from './test-level';
import { testWords } from './test-words';

const words = testWords();
// The shop of the test level, as a tap on the map opens it.
const place = placeFromPick(
  { type: 'unit', id: 'shop' },
  modelLevel(testLevel()),
  testSummary().labels,
)!;

function Harness({ onGoHere }: { onGoHere: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open ? (
        <PlaceCard
          words={words}
          place={place}
          levelName="一层"
          onClose={() => setOpen(false)}
          onGoHere={onGoHere}
          onStartHere={vi.fn()}
        />
      ) : null}
    </>
  );
}

describe('the place card dialog', () => {
  it('is a labelled dialog that takes focus and gives it back on Escape', async () => {
    vi.useFakeTimers();
    render(<Harness onGoHere={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: '星巴克' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    // The level file's OSM hours, read in Chinese.
    expect(screen.getByText('每天 10:00–22:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+862100000000' }).getAttribute('href')).toBe(
      'tel:+862100000000',
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(document.activeElement).toBe(opener);
    vi.useRealTimers();
  });

  it('closes with its close button and offers the two route buttons', async () => {
    const onGoHere = vi.fn();
    render(<Harness onGoHere={onGoHere} />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: words.go_here }));
    expect(onGoHere).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: words.start_here })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: words.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(opener);
  });

  it('shows hours it cannot read exactly as the venue wrote them', () => {
    const hours = 'Mo-Fr 08:00-17:00 "仅限预约"';
    render(
      <PlaceCard
        words={words}
        place={{ ...place, hours }}
        levelName="一层"
        onClose={vi.fn()}
        onGoHere={vi.fn()}
        onStartHere={vi.fn()}
      />,
    );
    expect(screen.getByText(hours)).toBeTruthy();
  });
});
