import { describe, expect, it } from 'vitest';
import { glyphFor, occupantFamily, unitRole, unitStyleKey } from './style';

describe('map styles', () => {
  it('gives units the roles of contract §2.5', () => {
    expect(unitRole('walkway')).toBe('walkable');
    expect(unitRole('road')).toBe('walkable');
    expect(unitRole('escalator')).toBe('connector');
    expect(unitRole('opentobelow')).toBe('closed');
    expect(unitRole('room')).toBe('destination');
  });

  it('colours shops by the family of their occupant category', () => {
    expect(occupantFamily('bubbletea')).toBe('food');
    expect(occupantFamily('chinese.szechuan')).toBe('food');
    expect(occupantFamily('conveyorsushi')).toBe('food');
    expect(occupantFamily('internetcafe')).toBe('leisure');
    expect(occupantFamily('cinema')).toBe('leisure');
    expect(occupantFamily('cardiology')).toBe('health');
    expect(occupantFamily('dentistry.pediatric')).toBe('health');
    expect(occupantFamily('supermarket')).toBe('grocery');
    expect(occupantFamily('languageschool')).toBe('service');
    expect(occupantFamily('photographyequipment')).toBe('fashion');
    expect(occupantFamily('clothing.womens')).toBe('fashion');
    expect(unitStyleKey('room', 'hotpot')).toBe('food');
    expect(unitStyleKey('room')).toBe('room');
    expect(unitStyleKey('restroom.female')).toBe('restroom');
    expect(unitStyleKey('parking')).toBe('parking');
  });

  it('draws an icon for the facilities a visitor looks for', () => {
    expect(glyphFor('restroom.wheelchair')).toBe('restroom');
    expect(glyphFor('mothersroom')).toBe('nursing');
    expect(glyphFor('elevator')).toBe('elevator');
    expect(glyphFor('cashier')).toBe('money');
    expect(glyphFor('defibrillator')).toBe('aid');
    expect(glyphFor('room')).toBeUndefined();
  });
});
