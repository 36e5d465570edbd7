import type { DemoCurriculum } from './tree.js';

/** Curricula with each failure code, and expired ones (see the table in ./demo.ts). */
export function failedAndExpiredCurricula(): DemoCurriculum[] {
  return [
    {
      // Failure code -2: minimum time not met.
      curriculum: {
        name: 'Emergency Evacuation',
        description: 'Evacuation commands, slides and crowd control.',
        courses: [
          {
            name: 'Evacuation Drills',
            topics: [
              {
                name: 'Land Evacuation',
                lessons: [
                  {
                    name: 'Evacuation Commands',
                    progress: {
                      attempts: 1,
                      completion: -2,
                      totalTimeMinutes: 2,
                      lastLaunchedHoursAgo: 72,
                    },
                  },
                ],
              },
            ],
          },
        ],
      },
      assignment: { assignedDaysAgo: 45, startDaysAgo: 45, durationDays: 180 },
    },
    {
      // Failure code -3: minimum score not met; attempts exhausted (2 of 2).
      curriculum: {
        name: 'Aviation English Proficiency',
        description: 'ICAO language proficiency, radiotelephony phraseology.',
        courses: [
          {
            name: 'Radiotelephony',
            minScorePass: 0.75,
            topics: [
              {
                name: 'Phraseology',
                lessons: [
                  {
                    name: 'Phraseology Assessment',
                    scorable: 1,
                    minScorePass: 0.75,
                    maxAttempts: 2,
                    progress: {
                      attempts: 2,
                      completion: -3,
                      score: 0.55,
                      totalTimeMinutes: 52,
                      lastLaunchedHoursAgo: 400,
                    },
                  },
                ],
              },
            ],
          },
        ],
      },
      assignment: { assignedDaysAgo: 50, startDaysAgo: 50, durationDays: 120 },
    },
    {
      // Failure code -4: failed lessons exceed the allowed number.
      curriculum: {
        name: 'Upset Prevention and Recovery',
        description: 'Recognising and recovering from aeroplane upsets.',
        courses: [
          {
            name: 'UPRT Academic',
            topics: [
              {
                name: 'Aerodynamics',
                lessons: [
                  {
                    name: 'High Altitude Stalls',
                    scorable: 1,
                    minScorePass: 0.75,
                    progress: {
                      attempts: 1,
                      completion: -4,
                      score: 0.6,
                      credit: -1,
                      totalTimeMinutes: 30,
                      lastLaunchedHoursAgo: 500,
                    },
                  },
                  {
                    name: 'Nose-High Recovery',
                    scorable: 1,
                    minScorePass: 0.75,
                    // Complete but not passing (credit below 0, §4): Failed, never a certificate.
                    progress: {
                      attempts: 1,
                      completion: 1,
                      completedDaysAgo: 21,
                      score: 0.5,
                      credit: -1,
                      totalTimeMinutes: 27,
                    },
                  },
                ],
              },
            ],
          },
        ],
      },
      assignment: { assignedDaysAgo: 70, startDaysAgo: 70, durationDays: 200 },
    },
    {
      // Another negative code (-7): 'Unknown failure' with the status number.
      curriculum: {
        name: 'Cabin Pressurisation',
        description: 'Pressurisation, decompression and oxygen.',
        courses: [
          {
            name: 'Decompression',
            topics: [
              {
                name: 'Rapid Decompression',
                lessons: [
                  {
                    name: 'Time of Useful Consciousness',
                    progress: { attempts: 1, completion: -7, totalTimeMinutes: 12 },
                  },
                ],
              },
            ],
          },
        ],
      },
      assignment: { assignedDaysAgo: 80, startDaysAgo: 80, durationDays: 240 },
    },
    {
      // Expired 35 days ago (within the 90-day window of the expired list).
      curriculum: {
        name: 'Winter Operations',
        description: 'De-icing, anti-icing and contaminated runways.',
        courses: [
          {
            name: 'Ground De-icing',
            topics: [
              {
                name: 'Holdover Times',
                lessons: [
                  {
                    name: 'Holdover Time Tables',
                    progress: {
                      attempts: 1,
                      completion: 0,
                      location: 2,
                      maxLocation: 4,
                      totalTimeMinutes: 9,
                    },
                  },
                  { name: 'Contaminated Runways' },
                ],
              },
            ],
          },
        ],
      },
      assignment: { assignedDaysAgo: 400, startDaysAgo: 400, durationDays: 365 },
    },
    {
      // Expired 235 days ago (older than the 90-day window).
      curriculum: {
        name: 'Performance-Based Navigation',
        description: 'RNAV and RNP operations.',
        courses: [
          {
            name: 'PBN Concepts',
            topics: [{ name: 'RNP Approaches', lessons: [{ name: 'RNP APCH' }] }],
          },
        ],
      },
      assignment: { assignedDaysAgo: 600, startDaysAgo: 600, durationDays: 365 },
    },
  ];
}
