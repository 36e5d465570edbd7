import type { Db } from '../connection.js';

/**
 * The demo's evaluations (the Completion Report's evaluations table, §2): a named 'Course
 * Feedback' on Dangerous Goods, which `student` has completed, so it is open on their report; and
 * an anonymous 'Type Rating Survey' on the A320 Type Rating, due once that curriculum is complete.
 * Each asks every kind of question (1-5 rating, single and multiple choice, free text).
 */
const EVALUATIONS = [
  {
    name: 'Course Feedback',
    description: 'Two minutes to tell the training department how this course went.',
    anonymous: false,
    curriculum: 'Dangerous Goods',
    questions: [
      {
        id: 'overall',
        type: 'rating',
        text: 'How would you rate the course overall?',
        required: true,
      },
      {
        id: 'pace',
        type: 'single',
        text: 'The pace of the course was',
        required: true,
        options: ['Too slow', 'About right', 'Too fast'],
      },
      {
        id: 'helped',
        type: 'multiple',
        text: 'What helped you learn?',
        required: false,
        options: ['Videos', 'Diagrams', 'Quizzes', 'Reference material'],
      },
      { id: 'comments', type: 'text', text: 'Anything we should change?', required: false },
    ],
  },
  {
    name: 'Type Rating Survey',
    description: 'Anonymous: your answers are kept without your name.',
    anonymous: true,
    curriculum: 'A320 Type Rating',
    questions: [
      {
        id: 'ready',
        type: 'rating',
        text: 'How ready do you feel for the simulator?',
        required: true,
      },
      { id: 'notes', type: 'text', text: 'What would have helped more?', required: false },
    ],
  },
];

/** Defines the demo evaluations in the demo LMS and attaches each to its curriculum. */
export async function insertDemoReport(db: Db, lmsKey: number): Promise<void> {
  for (const evaluation of EVALUATIONS) {
    const curriculum = await db
      .selectFrom('curriculum')
      .select('curriculumKey')
      .where('lmsKey', '=', lmsKey)
      .where('name', '=', evaluation.curriculum)
      .executeTakeFirstOrThrow();
    const { definitionKey } = await db
      .insertInto('evaluationDefinition')
      .values({
        lmsKey,
        name: evaluation.name,
        description: evaluation.description,
        anonymous: evaluation.anonymous,
        questions: JSON.stringify(evaluation.questions),
      })
      .returning('definitionKey')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('evaluationAttachment')
      .values({ definitionKey, curriculumKey: curriculum.curriculumKey, courseKey: null })
      .execute();
  }
}
