/** The Completion Report's rules (§2, §3, §9), the training record and the evaluation rules. */
export * from './completion-rows.js';
export * from './curriculum-sections.js';
export * from './evaluation-answers.js';
export * from './report-format.js';
export * from './training-record.js';
export * from './attempt-record.js';
