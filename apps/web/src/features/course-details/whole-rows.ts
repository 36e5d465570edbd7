/**
 * The course table's scroll box (§2: "course table scrolls within viewport height minus 375 px"),
 * ended on a whole row (ADR 0010, "The course table's scroll box").
 *
 * The rule stays the limit: the box is never taller than the viewport height minus 375 px (and
 * never shorter than the stylesheet's 220 px floor). A box of exactly that height ends wherever the
 * limit falls, which cuts a line in two (an 'Unlocks after completing: …' line, a lesson row). So
 * the box ends on the last row boundary under the limit instead: at most one row shorter, and no
 * line is cut. When everything fits under the limit the box is as tall as its content.
 */
import { useLayoutEffect, useRef } from 'react';

/** §2: the course table scrolls within the viewport height minus this many px. */
export const COURSE_TABLE_VIEWPORT_OFFSET_PX = 375;
/** The box's floor on short viewports (course-details.module.css, .table min-height). */
export const COURSE_TABLE_MIN_HEIGHT_PX = 220;

/** A line of the table, px from the box's top edge. */
export interface Row {
  top: number;
  bottom: number;
}

/**
 * The box's height: null when the content fits under the limit (no need to scroll), else the
 * largest boundary not below the limit that cuts no row: a row's bottom, or a group's (a course's
 * border, a topic's padding). The limit itself when not even the first row fits.
 */
export function wholeRowsHeight(
  limit: number,
  contentHeight: number,
  rows: readonly Row[],
  groupEnds: readonly number[] = [],
): number | null {
  if (contentHeight <= limit) return null;
  // Half a pixel either way: rows that touch (one's bottom is the next one's top) cut nothing.
  const cuts = (at: number) => rows.some((row) => row.top < at - 0.5 && row.bottom > at + 0.5);
  let best = 0;
  for (const at of [...rows.map((row) => row.bottom), ...groupEnds]) {
    if (at <= limit && at > best && !cuts(at)) best = at;
  }
  return best > 0 ? best : limit;
}

/** The lines: course headers, lock lines ('Unlocks after completing: …'), topic headers, lessons. */
const ROWS =
  '[data-testid="course"] > :first-child, [data-testid="course-lock"], [data-testid="topic"] > :first-child, li';
/** What groups them: a course (its border) and a topic (its padding) end on a boundary too. */
const GROUPS = '[data-testid="course"], [data-testid="topic"]';

/**
 * Sizes a scroll box on whole rows, again whenever its content or the window changes: returns the
 * refs of the box and of the one element wrapping its content.
 */
export function useWholeRowsHeight() {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    const inner = content.current;
    if (!element || !inner) return;
    const fit = () => {
      const style = getComputedStyle(element);
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) || 0;
      const contentHeight = inner.getBoundingClientRect().height + padding;
      // Nothing laid out (no layout engine, or hidden): the stylesheet's rule applies as written.
      if (contentHeight <= padding) {
        element.style.removeProperty('max-height');
        element.style.removeProperty('min-height');
        return;
      }
      const limit = Math.max(
        window.innerHeight - COURSE_TABLE_VIEWPORT_OFFSET_PX,
        COURSE_TABLE_MIN_HEIGHT_PX,
      );
      const top = element.getBoundingClientRect().top - element.scrollTop;
      const rows = [...element.querySelectorAll(ROWS)].map((row) => {
        const rect = row.getBoundingClientRect();
        return { top: rect.top - top, bottom: rect.bottom - top };
      });
      const groupEnds = [...element.querySelectorAll(GROUPS)].map(
        (group) => group.getBoundingClientRect().bottom - top,
      );
      const height = wholeRowsHeight(limit, contentHeight, rows, groupEnds);
      element.style.maxHeight = `${height ?? limit}px`;
      element.style.minHeight =
        height === null ? '' : `${Math.min(height, COURSE_TABLE_MIN_HEIGHT_PX)}px`;
    };
    fit();
    // Opening or closing a course or topic changes the content's size; so does a wrapped line.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(inner);
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, []);
  return { box, content };
}
