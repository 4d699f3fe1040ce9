import { describe, expect, it } from 'vitest';
import { chinaDayStart, chinaSeconds, isAnonymousSurvey, joinTimeOf } from '../src/index.js';

describe('the time a join is recorded with', () => {
  const at = chinaSeconds(2026, 3, 5, 10, 3, 27);
  it('an anonymous questionnaire: the start of the China day, never the second of the answer', () => {
    expect(joinTimeOf({ type: 4, config: { anonymous: 1 } }, at)).toBe(chinaSeconds(2026, 3, 5));
    expect(joinTimeOf({ type: 4, config: { anonymous: 1 } }, at)).toBe(chinaDayStart(at));
  });
  it('a named questionnaire or another kind of activity: the moment itself', () => {
    expect(joinTimeOf({ type: 4, config: { anonymous: 0 } }, at)).toBe(at);
    expect(joinTimeOf({ type: 4, config: {} }, at)).toBe(at);
    // `anonymous` means nothing outside questionnaires
    expect(isAnonymousSurvey({ type: 7, config: { anonymous: 1 } })).toBe(false);
  });
});
