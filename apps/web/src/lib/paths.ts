/** Every route of the panel (spec §2 route table), in one typed table. */
export const paths = {
  login: '/login',
  mfa: '/mfa',
  dashboard: '/dashboard',
  dashboardCourse: '/dashboard/course',
  assignments: '/assignments',
  assignmentsCourse: '/assignments/course',
  report: '/report',
  library: '/library',
  drafts: '/drafts',
  draftsCourse: '/drafts/course',
  changePassword: '/ChangePassword',
  register: '/Register',
  certificate: '/certificate',
  comments: '/waypoint_comments',
} as const;
