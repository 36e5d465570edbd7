import { Outlet } from 'react-router';
import { useLmsData } from './use-lms-data';
import { usePing } from './use-ping';

/** The shell around every route: LMS data, theme, title and the ping (spec §4 steps 7-8). */
export function Root() {
  useLmsData();
  usePing();
  return <Outlet />;
}
