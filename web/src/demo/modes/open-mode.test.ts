import { describe, expect, it } from 'vitest';
import { type Mode, firstMode, openMode } from './open-mode';

const modes = 'start results route findcar nursing kiosk live flow edit'.split(' ') as Mode[];

describe('which mode is open', () => {
  it('opens on the mode of the task: a map or a search on the start panel, a navigation on the route', () => {
    expect(firstMode('map')).toBe('start');
    expect(firstMode('search')).toBe('start');
    expect(firstMode('nav')).toBe('route');
    expect(firstMode('route')).toBe('route');
    for (const task of ['findcar', 'nursing', 'kiosk', 'live', 'flow'] as const) {
      expect(firstMode(task)).toBe(task);
    }
  });

  it('opens one mode at a time: opening one closes whichever was open', () => {
    for (const open of modes) {
      expect(openMode(open, { type: 'open', mode: 'live' })).toBe('live');
      expect(openMode(open, { type: 'open', mode: 'start' })).toBe('start');
    }
  });

  it('keeps a mode that shows its own route when a card asks for one, else opens the route mode', () => {
    const kept = modes.filter((open) => openMode(open, { type: 'route' }) === open);
    expect(kept).toEqual(['route', 'findcar', 'nursing', 'kiosk', 'edit']);
    for (const open of ['start', 'results', 'live', 'flow'] as const) {
      expect(openMode(open, { type: 'route' })).toBe('route');
    }
  });

  it('goes back to the directory when a guide screen clears its route, else to the start', () => {
    expect(openMode('kiosk', { type: 'clear', kiosk: true })).toBe('kiosk');
    expect(openMode('findcar', { type: 'clear', kiosk: false })).toBe('start');
    expect(openMode('route', { type: 'clear', kiosk: false })).toBe('start');
  });
});
