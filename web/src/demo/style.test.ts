import { describe, expect, it } from 'vitest';
import { glyphFor, occupantFamily, unitRole, unitStyleKey } from './style';

/** Each answer of `answerOf`, with the categories that must give it. */
function expectAnswers(
  answerOf: (category: string) => string | undefined,
  table: Record<string, string[]>,
) {
  for (const [answer, categories] of Object.entries(table)) {
    for (const category of categories) expect(answerOf(category), category).toBe(answer);
  }
}

describe('map styles', () => {
  it('gives units the roles of docs/venue-contract.md §2.5', () => {
    expectAnswers(unitRole, {
      walkable: ['walkway', 'road'],
      connector: ['escalator'],
      closed: ['opentobelow'],
      destination: ['room'],
    });
  });

  it('colours shops by the family of their occupant category', () => {
    expectAnswers(occupantFamily, {
      food: ['bubbletea', 'chinese.szechuan', 'conveyorsushi'],
      leisure: ['internetcafe', 'cinema'],
      health: ['cardiology', 'dentistry.pediatric'],
      grocery: ['supermarket'],
      service: ['languageschool'],
      fashion: ['photographyequipment', 'clothing.womens'],
    });
    expect(unitStyleKey('room', 'hotpot')).toBe('food');
    expectAnswers(unitStyleKey, {
      room: ['room'],
      restroom: ['restroom.female'],
      parking: ['parking'],
    });
  });

  it('draws an icon for the facilities a visitor looks for', () => {
    expectAnswers(glyphFor, {
      restroom: ['restroom.wheelchair'],
      nursing: ['mothersroom'],
      elevator: ['elevator'],
      money: ['cashier'],
      aid: ['defibrillator'],
    });
    expect(glyphFor('room')).toBeUndefined();
  });
});
