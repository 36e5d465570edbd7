import type { ScormVersion } from './types';

/**
 * The CMI elements the server stores (player contract, POST commit); it ignores any other, so the
 * player reads and sends only these.
 */
export const STORED_ELEMENTS: Record<ScormVersion, readonly string[]> = {
  '1.2': [
    'cmi.core.lesson_status',
    'cmi.core.score.raw',
    'cmi.core.score.min',
    'cmi.core.score.max',
    'cmi.core.lesson_location',
    'cmi.core.session_time',
    'cmi.core.exit',
    'cmi.suspend_data',
  ],
  '2004': [
    'cmi.completion_status',
    'cmi.success_status',
    'cmi.score.raw',
    'cmi.score.min',
    'cmi.score.max',
    'cmi.score.scaled',
    'cmi.progress_measure',
    'cmi.location',
    'cmi.session_time',
    'cmi.exit',
    'cmi.suspend_data',
  ],
};
