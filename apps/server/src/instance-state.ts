import { createFontFiles, type FontFiles } from './lib/pdf-fonts.js';
import { createKeyMemory, type KeyMemory } from './modules/certificates/keys.js';
import { createThemeCatalogue, type ThemeCatalogue } from './modules/certificates/themes.js';
import { createContentOriginMemo, type ContentOriginMemo } from './platform/content-origin.js';
import {
  createLaunchFileMemory,
  forgetLaunchFiles,
  type LaunchFileMemory,
} from './modules/player/content-files.js';
import { createCommitQueues, type CommitQueues } from './modules/player/commits.js';
import { createReportCache, type ReportCache } from './modules/progress/report-cache.js';
import { createSequencingMemory, type SequencingMemory } from './modules/sequencing/index.js';
import { createSessionCache, type SessionCache } from './modules/sessions/cache.js';
import { createOidcDiscoveries, type OidcDiscoveries } from './modules/sso/oidc.js';
import { createServerSecrets, type ServerSecrets } from './modules/sessions/service.js';
import { createPendingEmails, type PendingEmails } from './modules/users/password.service.js';

// Everything one server instance holds in memory (caches, queues, statistics) is created here, once
// per buildApp (or once per CLI / operator run that builds services without an app), and reached
// through app.deps.state: two apps in one process share nothing (docs/decisions/0020). Each module
// exports a factory for its own piece; this file only composes them. Modules never import this file
// (nor app.ts): a service declares the piece it needs in its deps object.

/** What one instance holds in memory; each member belongs to one module and is built by its factory. */
export interface InstanceState {
  /** Progress reports served from memory, and their read and patch statistics (progress/report-cache.ts). */
  reportCache: ReportCache;
  /** Session lookups trusted for a moment, and who hears when sessions end (sessions/cache.ts). */
  sessionCache: SessionCache;
  /** The shared secrets of table server_secret read so far (sessions/service.ts). */
  serverSecrets: ServerSecrets;
  /** Sequencing definitions, new-attempt panel views, the engine's log (modules/sequencing/memory.ts). */
  sequencing: SequencingMemory;
  /** Group commit's queue and statistics (player/commits.ts). */
  commits: CommitQueues;
  /** The launches whose package files this instance serves, briefly (player/content-files.ts). */
  launchFiles: LaunchFileMemory;
  /** Password reset emails still being sent, awaited when the app closes (users/password.service.ts). */
  pendingEmails: PendingEmails;
  /** The content origin worked out from the settings (platform/content-origin.ts). */
  contentOrigin: ContentOriginMemo;
  /** DATA_DIR's key-encryption key and the signing keys imported (certificates/keys.ts). */
  keys: KeyMemory;
  /** The installed certificate themes (certificates/themes.ts). */
  certificateThemes: ThemeCatalogue;
  /** The fonts the certificate and training record PDFs embed (lib/pdf-fonts.ts). */
  pdfFonts: FontFiles;
  /** The OIDC issuers' configurations fetched, for a few minutes each (sso/oidc.ts). */
  oidcDiscoveries: OidcDiscoveries;
}

/** Creates an instance's memory, empty: caches start cold and statistics at zero. */
export function createInstanceState(
  options: {
    /** The app's logger: the sequencing engine's own lines go to it at debug level. */
    log?: { debug(message: string): void };
  } = {},
): InstanceState {
  const sessionCache = createSessionCache();
  const launchFiles = createLaunchFileMemory();
  // A session's lesson files end with it (ADR 0006): here, and through the notifications of the
  // other instances, which reach this cache too (sessions/cross-instance.ts).
  sessionCache.onForgotten((forgotten) => forgetLaunchFiles(launchFiles, forgotten));
  return {
    reportCache: createReportCache(),
    sessionCache,
    serverSecrets: createServerSecrets(),
    sequencing: createSequencingMemory({ log: options.log }),
    commits: createCommitQueues(),
    launchFiles,
    pendingEmails: createPendingEmails(),
    contentOrigin: createContentOriginMemo(),
    keys: createKeyMemory(),
    certificateThemes: createThemeCatalogue(),
    pdfFonts: createFontFiles(),
    oidcDiscoveries: createOidcDiscoveries(),
  };
}
