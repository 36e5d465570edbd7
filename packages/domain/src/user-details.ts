/**
 * User details of spec §3, as Login, the session check and MFA answer them: one definition for the
 * server that sends them and the panel that reads them. sessionID is the MFA marker 'MFA' while a
 * code is still needed; mfaID and rememberDeviceTime are null otherwise.
 */
export interface UserDetails {
  lmsKey: number;
  userType: number;
  employeeID: string;
  base: string;
  position: string;
  fleet: string;
  restrictionGroup: string;
  userKey: number;
  userID: string;
  email: string;
  nameCollated: string;
  nameOther: string;
  displayName: string;
  sessionID: string;
  mfaID: string | null;
  rememberDeviceTime: number | null;
  phone: string;
  inactive: number;
  isStudent: boolean;
}
