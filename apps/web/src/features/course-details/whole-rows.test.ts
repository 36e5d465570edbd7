import { describe, expect, it } from 'vitest';
import { wholeRowsHeight, type Row } from './whole-rows';

const rows = (...pairs: [number, number][]): Row[] =>
  pairs.map(([top, bottom]) => ({ top, bottom }));

describe('§2 "course table scrolls within viewport height minus 375 px", ended on a whole row', () => {
  it.each([
    // limit, content height, rows, group ends, box height (null: it all fits, no scrolling)
    [425, 300, rows([12, 52], [52, 120], [120, 290]), [300], null],
    [425, 425, rows([12, 52], [52, 413]), [], null],
    // 1280x800: the limit (425) falls inside the 'Unlocks after completing' line (408-436),
    // which starts a little above the course header's bottom (415): the box ends on the course
    // before, not on the header's bottom, which would show the top of the lock line.
    [425, 545, rows([12, 64], [64, 337], [360, 415], [408, 436]), [349], 349],
    // Group ends count when no line crosses them; rows may come in any order.
    [425, 900, rows([600, 640], [12, 52], [380, 410]), [420, 800], 420],
    // Not even the first line fits: the limit, as written.
    [220, 900, rows([12, 260], [260, 500]), [], 220],
  ])('limit %i, content %i, rows %j, groups %j -> %s', (limit, content, lines, ends, height) => {
    expect(wholeRowsHeight(limit, content, lines, ends)).toBe(height);
  });
});
