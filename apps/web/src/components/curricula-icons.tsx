/** Icons of the curricula screens, in the same 24x24 stroke style as components/icons.tsx. */
import { makeIcon } from './icons';

export const IconPlay = makeIcon(
  <path d="M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5z" />,
  true,
);
export const IconLock = makeIcon(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
/** The classroom (CLAS player) lesson: a presenter at a board. */
export const IconClassroom = makeIcon(
  <>
    <path d="M3 4h18v11H3zM8 21l4-6 4 6" />
    <path d="M7 8h6M7 11h4" />
  </>,
);
export const IconCheck = makeIcon(<path d="M20 6 9 17l-5-5" />);
export const IconCalendar = makeIcon(
  <>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </>,
);
export const IconChevronLeft = makeIcon(<path d="m15 18-6-6 6-6" />);
export const IconChevronRight = makeIcon(<path d="m9 18 6-6-6-6" />);
export const IconSmartphone = makeIcon(
  <>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M11 18h2" />
  </>,
);
export const IconFlag = makeIcon(
  <path d="M4 22V4m0 0s1.5-1 4-1 4 2 7 2 4-1 4-1v10s-1 1-4 1-4.5-2-7-2-4 1-4 1" />,
);
export const IconClockCircle = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const IconTarget = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
);
