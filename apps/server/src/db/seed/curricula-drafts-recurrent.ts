import type { DemoCurriculum } from './tree.js';

/** Course name format of spec §4: dash-joined numbers, a word, dash-joined numbers. */
export function recurrentCourseName(now: Date): string {
  const year = now.getUTCFullYear();
  return `${year}-01-01 Recurrent ${year}-12-31`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Draft curricula and the recurrent one (see the table in ./demo.ts). */
export function draftAndRecurrentCurricula(now: Date): DemoCurriculum[] {
  const startOfYearDaysAgo = Math.floor(
    (now.getTime() - Date.UTC(now.getUTCFullYear(), 0, 1)) / DAY_MS,
  );
  const daysInYear = now.getUTCFullYear() % 4 === 0 ? 366 : 365;
  return [
    {
      // A draft course next to a published one (the curriculum counts as draft).
      curriculum: {
        name: 'Fatigue Risk Management',
        description: 'Fatigue science and the operator FRMS.',
        courses: [
          {
            name: 'Fatigue Basics',
            topics: [{ name: 'Sleep and Circadian Rhythm', lessons: [{ name: 'Sleep Science' }] }],
          },
          {
            name: 'FRMS Reporting',
            draft: 1,
            description: 'This is a draft course.',
            topics: [{ name: 'Reports', lessons: [{ name: 'Filing a Fatigue Report' }] }],
          },
        ],
      },
      assignment: { assignedDaysAgo: 20, startDaysAgo: 20, durationDays: 365 },
    },
    {
      // All-draft curriculum (draft-associated: shown only under Drafts).
      curriculum: {
        name: 'A350 Differences',
        description: 'Differences training from the A330 to the A350 (in preparation).',
        courses: [
          {
            name: 'A350 Cockpit Differences',
            draft: 1,
            topics: [{ name: 'Displays', lessons: [{ name: 'Cockpit Displays' }] }],
          },
          {
            name: 'A350 Systems Differences',
            draft: 1,
            topics: [{ name: 'Electrical', lessons: [{ name: 'Electrical System' }] }],
          },
        ],
      },
      assignment: { assignedDaysAgo: 5, startDaysAgo: 5, durationDays: null },
    },
    {
      // Recurrent course name; passed, so its certificate (issued, then expired) follows the
      // outcome rule (ADR 0010 Outcomes); play mode 3 (Review).
      curriculum: {
        name: 'Annual Recurrent Training',
        description: 'The yearly recurrent programme for flight crew.',
        courses: [
          {
            name: recurrentCourseName(now),
            topics: [
              {
                name: 'Recurrent Ground School',
                lessons: [
                  {
                    name: 'Emergency Equipment Refresher',
                    scorable: 1,
                    minScorePass: 0.7,
                    progress: {
                      attempts: 1,
                      completion: 1,
                      completedDaysAgo: 15,
                      score: 0.82,
                      credit: 1,
                      totalTimeMinutes: 37,
                      lastLaunchedHoursAgo: 360,
                    },
                  },
                  {
                    name: 'Security Refresher',
                    playMode: 3,
                    progress: {
                      attempts: 1,
                      completion: 1,
                      completedDaysAgo: 12,
                      credit: 1,
                      totalTimeMinutes: 16,
                      lastLaunchedHoursAgo: 20,
                    },
                  },
                ],
              },
            ],
          },
        ],
      },
      assignment: {
        assignedDaysAgo: startOfYearDaysAgo,
        startDaysAgo: startOfYearDaysAgo,
        durationDays: daysInYear,
      },
    },
  ];
}
