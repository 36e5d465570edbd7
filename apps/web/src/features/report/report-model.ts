/**
 * The Completion Report's view (spec §2): the 'Most Recent' rows as the table shows them, with
 * the shown-rows, Lesson Status and Completion Date rules of @waypoint/domain.
 */
import {
  completionDateCell,
  formatDate,
  isShownReportRow,
  lessonStatusCell,
  rowEnd,
  formatScorePercent,
  timeText,
  type CompletionReportRow,
  type LessonStatusCell,
} from '@waypoint/domain';

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as 'YYYY/MM/DD HH:MM' (§9's date format, local time); '' for none. */
export function formatDateTime(ms: number): string {
  if (ms <= 0) return '';
  const date = new Date(ms);
  return `${formatDate(ms)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** One row of the 'Most Recent' table, every cell as text. */
export interface MostRecentRowView {
  key: string;
  curriculum: string;
  course: string;
  courseTotalTime: string;
  lesson: string;
  lessonTotalTime: string;
  start: string;
  end: string;
  score: string;
  status: LessonStatusCell;
  completionDate: string;
  offlineWarning: boolean;
}

/** The shown rows (§2) as the table's cells; times in the milliseconds-to-time format. */
export function mostRecentRows(rows: readonly CompletionReportRow[]): MostRecentRowView[] {
  return rows.filter(isShownReportRow).map((row) => {
    const completion = completionDateCell(row);
    return {
      key: `${row.elementAssignmentKey}:${row.elementKey}`,
      curriculum: row.curriculumName,
      course: row.courseName,
      courseTotalTime: timeText(row.courseTotalTime),
      lesson: row.lessonName,
      lessonTotalTime: timeText(row.lessonTotalTime),
      start: formatDateTime(row.elementStartDate),
      end: formatDateTime(rowEnd(row)),
      score: formatScorePercent(row.elementScore, row.elementPlayMode),
      status: lessonStatusCell(row),
      completionDate: completion ? formatDate(completion.instant) : '',
      offlineWarning: completion?.offlineWarning ?? false,
    };
  });
}
