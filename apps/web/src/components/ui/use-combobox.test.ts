import { describe, expect, it } from 'vitest';
import { moveActive } from './use-combobox';

describe('moveActive', () => {
  it('goes down from nothing to the first option and wraps from the last to the first', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
  });

  it('goes up from nothing or the first option to the last', () => {
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(2, 3, 'ArrowUp')).toBe(1);
  });

  it('stays put when there is nothing to highlight', () => {
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
    expect(moveActive(-1, 0, 'ArrowUp')).toBe(-1);
  });
});
