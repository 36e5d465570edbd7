/** Entities of spec §3 as the server sends them: defined once, in the API contract. */
export type {
  AppDownloadLink,
  LmsInfo,
  Permissions,
  ServerMessage,
  ServerTime,
  SupportInfo,
  UserDetails,
} from '@waypoint/domain/contract';
