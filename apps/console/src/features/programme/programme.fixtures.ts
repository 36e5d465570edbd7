/** Test data of the programme screens (tests only). */
import type { ProgrammeTree } from '../../api/programme';

export const buildLesson = (lessonKey: number, name: string, extra: object = {}) => ({
  lessonKey,
  name,
  description: '',
  sortOrder: 0,
  playMode: 1,
  prerequisite: 0,
  maxAttempts: 0,
  minScoreComplete: 0,
  minScorePass: 0,
  scorable: false,
  scoreWeight: 0,
  player: '',
  content: null,
  ...extra,
});

/** A small programme: one curriculum with a draft course, a nameless topic and two lessons, one empty. */
export function buildProgrammeTree(): ProgrammeTree {
  return {
    prerequisiteTypes: [
      { prerequisiteKey: 0, prerequisiteName: 'None' },
      { prerequisiteKey: 1, prerequisiteName: 'PreviousCourse' },
      { prerequisiteKey: 2, prerequisiteName: 'AllPreviousCourses' },
    ],
    curricula: [
      {
        curriculumKey: 1,
        name: 'Recurrent',
        description: '',
        inLibrary: true,
        defaultDurationDays: null,
        defaultDueDate: null,
        validityRule: 'none',
        validityMonths: 0,
        assignedCount: 0,
        courses: [
          {
            courseKey: 10,
            name: 'Systems',
            description: '',
            sortOrder: 0,
            draft: true,
            prerequisiteKey: 0,
            minScore: 0,
            minScorePass: 0,
            topics: [
              {
                topicKey: 100,
                name: '',
                description: '',
                sortOrder: 0,
                prerequisite: 0,
                lessons: [
                  buildLesson(1000, 'Hydraulics', { playMode: 2 }),
                  buildLesson(1001, 'CRM workshop', { player: 'CLAS' }),
                ],
              },
            ],
          },
        ],
      },
      {
        curriculumKey: 2,
        name: 'Initial',
        description: '',
        inLibrary: false,
        defaultDurationDays: null,
        defaultDueDate: null,
        validityRule: 'none',
        validityMonths: 0,
        assignedCount: 0,
        courses: [],
      },
    ],
  };
}
