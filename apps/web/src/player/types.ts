/**
 * The player API's shapes (issue 5, the player contract between server and player page), shared
 * with the server through @waypoint/domain. The player page runs on the content origin and talks
 * only to `/player-api/{launchId}/...`.
 */
export type {
  CmiValues,
  CommitAnswer,
  CommitPayload,
  NavigateAnswer,
  PlayerSibling,
  PlayerState,
  ScormVersion,
} from '@waypoint/domain';
