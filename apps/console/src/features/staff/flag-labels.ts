import { PERMISSION_FLAGS, type PermissionFlag } from '@waypoint/domain/staff';

/** What each §3 Permissions flag lets a role do, in the words the roles page shows. */
export const FLAG_LABELS: Record<PermissionFlag, string> = {
  isAdmin: 'Administrator (roles, staff, LMS)',
  assignCurriculum: 'Assign curricula',
  modifyCurriculum: 'Change curricula',
  modifyAggregation: 'Change courses',
  modifyLeaf: 'Change lessons',
  modifyTrack: 'Change topics',
  modifyClass: 'Classroom lessons',
  viewStudent: 'See students',
  modifyStudent: 'Change students',
  createStudent: 'Add students',
  deleteStudent: 'Deactivate students',
  viewSubPeer: 'See staff below them',
  modifySubPeer: 'Change staff below them',
  createSubPeer: 'Add staff below them',
  deleteSubPeer: 'Remove staff below them',
  viewPeer: 'See staff',
  modifyPeer: 'Change staff',
  createPeer: 'Add staff',
  deletePeer: 'Remove staff',
  viewLMS: 'See LMS settings and log',
  modifyLMS: 'Change LMS settings',
  createLMS: 'Create LMSs',
  deleteLMS: 'Delete LMSs',
  modifyStudentProgress: "Change students' progress",
  viewReport: 'See reports',
  editExams: 'Edit exams',
  resetPasswordSubPeers: 'Reset passwords (students)',
  resetPasswordPeers: 'Reset passwords (staff)',
  createExamModules: 'Create exam modules',
  manageMobile: 'Manage mobile app',
  resetMobileDevice: 'Reset mobile devices',
  viewComments: 'See comments',
};

/** The flags in the spec's order. */
export const FLAGS: readonly PermissionFlag[] = PERMISSION_FLAGS;
