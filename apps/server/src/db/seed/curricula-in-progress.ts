import type { DemoCurriculum } from './tree.js';

const EXAM = 'Exam';

/** In progress, complete, due soon and newly assigned curricula (see the table in ./demo.ts). */
export function inProgressCurricula(): DemoCurriculum[] {
  return [
    {
      // In progress; open-ended; course prerequisites; lesson prerequisites; play modes 1, 2, 3.
      curriculum: {
        name: 'A320 Type Rating',
        description:
          'Type rating for the Airbus A320 family: systems, procedures and the line check.',
        inLibrary: true,
        courses: [
          {
            name: 'A320 Aircraft Systems',
            topics: [
              {
                name: 'Airframe and Doors',
                lessons: [
                  {
                    name: 'Aircraft General',
                    maxLocation: 12,
                    progress: {
                      attempts: 2,
                      completion: 1,
                      completedDaysAgo: 40,
                      score: 0.92,
                      credit: 1,
                      location: 12,
                      totalTimeMinutes: 48,
                      lastLaunchedHoursAgo: 960,
                    },
                  },
                  {
                    name: 'Systems Overview (Browse)',
                    playMode: 2,
                    progress: {
                      attempts: 3,
                      completion: 0,
                      totalTimeMinutes: 25,
                      lastLaunchedHoursAgo: 30,
                    },
                  },
                ],
              },
              {
                name: 'Hydraulics',
                prerequisite: 1,
                lessons: [
                  {
                    name: 'Hydraulic System',
                    maxLocation: 10,
                    progress: {
                      attempts: 1,
                      completion: 0,
                      location: 4,
                      progressMeasure: 0.4,
                      totalTimeMinutes: 22.5,
                      lastLaunchedHoursAgo: 2,
                    },
                  },
                  { name: 'Hydraulic Abnormals', prerequisite: 1, maxLocation: 8 },
                ],
              },
              {
                name: 'Flight Controls',
                prerequisite: 2,
                lessons: [
                  { name: 'Fly-by-Wire Laws', maxLocation: 4 },
                  { name: 'Flight Controls Review', playMode: 3, prerequisite: 2 },
                ],
              },
            ],
          },
          {
            name: 'A320 Normal Procedures',
            prerequisiteKey: 1,
            topics: [
              {
                name: 'Flows and Checklists',
                lessons: [{ name: 'Cockpit Preparation' }, { name: 'Before Start to Take-off' }],
              },
            ],
          },
          {
            name: 'A320 Abnormal Procedures',
            prerequisiteKey: 2,
            topics: [{ name: '', lessons: [{ name: 'Engine Failure After V1' }] }],
          },
        ],
      },
      assignment: { assignedDaysAgo: 120, startDaysAgo: 120, durationDays: null },
    },
    {
      // Complete, with scores and times; flagged offline completion; a certificate.
      curriculum: {
        name: 'Dangerous Goods',
        description:
          'Recognising, accepting and handling dangerous goods (ICAO Technical Instructions).',
        certificateUrl: '/certificate#curriculum',
        courses: [
          {
            name: 'Dangerous Goods Category 10',
            topics: [
              {
                name: 'Classification',
                lessons: [
                  {
                    name: 'Classes and Divisions',
                    scorable: 1,
                    minScorePass: 0.75,
                    progress: {
                      attempts: 1,
                      completion: 1,
                      completedDaysAgo: 65,
                      score: 0.95,
                      credit: 1,
                      totalTimeMinutes: 34,
                      lastLaunchedHoursAgo: 1560,
                    },
                  },
                  {
                    name: 'Dangerous Goods Final Exam',
                    player: EXAM,
                    scoreWeight: 1,
                    maxAttempts: 3,
                    progress: {
                      attempts: 1,
                      completion: 1,
                      completedDaysAgo: 60,
                      score: 1,
                      credit: 1,
                      totalTimeMinutes: 41,
                      lastLaunchedHoursAgo: 1440,
                      flaggedOffline: true,
                    },
                  },
                ],
              },
            ],
          },
        ],
      },
      assignment: {
        assignedDaysAgo: 90,
        startDaysAgo: 90,
        durationDays: 365,
        flaggedOfflineCompletion: true,
      },
    },
    {
      // Due within 30 days; a CLAS (classroom) player lesson.
      curriculum: {
        name: 'Crew Resource Management',
        description: 'Threat and error management, communication and decision making.',
        courses: [
          {
            name: 'CRM Fundamentals',
            topics: [
              {
                name: 'Human Factors',
                lessons: [
                  {
                    name: 'Situational Awareness',
                    maxLocation: 4,
                    progress: {
                      attempts: 1,
                      completion: 1,
                      completedDaysAgo: 10,
                      credit: 1,
                      location: 4,
                      totalTimeMinutes: 18,
                      lastLaunchedHoursAgo: 240,
                    },
                  },
                  {
                    name: 'Communication and Assertiveness',
                    maxLocation: 4,
                    progress: {
                      attempts: 1,
                      completion: 0,
                      location: 0,
                      totalTimeMinutes: 3,
                      lastLaunchedHoursAgo: 5,
                    },
                  },
                  { name: 'CRM Classroom Workshop', player: 'CLAS' },
                ],
              },
            ],
          },
        ],
      },
      assignment: { assignedDaysAgo: 60, startDaysAgo: 60, durationDays: 80 },
    },
    {
      // Assigned within 14 days; an Exam-player lesson with require100, no attempts yet.
      curriculum: {
        name: 'Security Awareness',
        description: 'Aviation security: access control, screening and threat reporting.',
        courses: [
          {
            name: 'Security Awareness Training',
            topics: [
              {
                name: 'Airside Security',
                lessons: [
                  { name: 'Access Control and ID' },
                  {
                    name: 'Security Awareness Exam',
                    player: EXAM,
                    scoreWeight: 1,
                    maxAttempts: 3,
                    launchData: { require100: true },
                  },
                ],
              },
            ],
          },
        ],
      },
      assignment: { assignedDaysAgo: 3, startDaysAgo: 3, durationDays: 365 },
    },
  ];
}
