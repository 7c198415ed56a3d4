import { describe, expect, it } from 'vitest';
import { completeDraft } from './level-draft';
import { testLevel, testLevelDraft as draftOf } from './test-level';

describe("a hand-over page's level draft", () => {
  it('takes the ids of the whole level into the same objects', () => {
    const draft = draftOf();
    const door = draft.openings[0]!;
    expect(door.id).toBeUndefined();
    expect(completeDraft(draft, testLevel())).toBe(true);
    expect(draft.openings[0]).toBe(door);
    expect(draft).toEqual(testLevel());
  });

  it("takes nothing from another level's answer", () => {
    const moved = testLevel();
    moved.openings[0]!.a = [210, 200, 240, 200];
    const renamed = testLevel();
    renamed.units[2]!.id = 'another shop';
    const fewer = testLevel();
    fewer.openings.pop();
    const otherGate = testLevel();
    otherGate.openings[1]!.id = 'another gate';
    for (const whole of [moved, renamed, fewer, otherGate, { ...testLevel(), id: 'level-b1' }]) {
      const draft = draftOf();
      expect(completeDraft(draft, whole)).toBe(false);
      expect(draft).toEqual(draftOf());
    }
  });
});
