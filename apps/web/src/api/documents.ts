/**
 * The document calls (spec §7): the assigned documents and their counts, one document's form,
 * its multipart save (with upload progress) and the DELETE of a saved file's href.
 */
import { OFFLINE_ACTION_MESSAGE } from '@waypoint/domain';
import { documentCalls, type DocumentDetail } from '@waypoint/domain/contract';
import { readCookie, request, send, serverMessage, serverMessages, type ApiResult } from './client';
import { answered, noAnswer } from './connection';
import { currentCredentials } from './credentials';
import { SERVICE_BASE } from './paths';
import { emitSessionInvalidated } from './session-events';

export type {
  AssignedDocument,
  DocumentCounts,
  DocumentDetail,
  DocumentField,
} from '@waypoint/domain/contract';

/** GET /api/form/{lmsKey}/count/{userKey}: how many documents are expired or unsubmitted. */
export const getDocumentCounts = (lmsKey: number, userKey: number) =>
  send(documentCalls.counts, [lmsKey, userKey]);

/** GET /api/form/{lmsKey}/ALL/{userKey}: the documents assigned to the user. */
export const getAssignedDocuments = (lmsKey: number, userKey: number) =>
  send(documentCalls.assigned, [lmsKey, userKey]);

/** GET /api/form/{lmsKey}/{formKey}/{userKey}: one document with its fields. */
export const getDocumentDetail = (lmsKey: number, formKey: number, userKey: number) =>
  send(documentCalls.detail, [lmsKey, formKey, userKey]);

/** DELETE {file href} (§7): the href a saved file's field carries, below the service base. */
export const deleteDocumentFile = (href: string) =>
  request<DocumentDetail>(href, { method: 'DELETE' });

/** A refused or failed save: the status and every message the server gave. */
export interface SaveFailure {
  successfulApiCall: false;
  statusCode: number;
  errorMsg: string;
  messages: string[];
  responseBody: unknown;
}

/**
 * POST (multipart) /api/form/{lmsKey}/{formKey}/{userKey}: the values and files together. Sent with
 * XMLHttpRequest rather than fetch, because only it reports upload progress; the headers are the
 * client's own (sessionID, keys, XSRF echo; spec §7), the content type FormData's boundary.
 */
export function saveDocument(
  lmsKey: number,
  formKey: number,
  userKey: number,
  body: FormData,
  onProgress?: (percent: number) => void,
): Promise<ApiResult<DocumentDetail> | SaveFailure> {
  const path = documentCalls.save.path(lmsKey, formKey, userKey);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${SERVICE_BASE}${path}`);
    const credentials = currentCredentials();
    if (credentials.sessionId) xhr.setRequestHeader('sessionID', credentials.sessionId);
    if (credentials.lmsKey !== null && credentials.userKey !== null) {
      xhr.setRequestHeader('X-LMS-Key', String(credentials.lmsKey));
      xhr.setRequestHeader('X-User-Key', String(credentials.userKey));
    }
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress((event.loaded / event.total) * 100);
    };
    const fail = (statusCode: number, responseBody: unknown) => {
      // No answer while offline is the network, not the session (client.ts, ADR 0024).
      const offline = statusCode === 0 && noAnswer() === 'offline';
      if (statusCode === 401 || (statusCode === 0 && !offline)) {
        emitSessionInvalidated({ statusCode, path });
      }
      resolve({
        successfulApiCall: false,
        statusCode,
        errorMsg: offline ? OFFLINE_ACTION_MESSAGE : serverMessage(responseBody),
        messages: offline ? [OFFLINE_ACTION_MESSAGE] : serverMessages(responseBody),
        responseBody,
      });
    };
    xhr.onerror = () => fail(0, null);
    xhr.onload = () => {
      answered();
      let parsed: unknown = xhr.responseText;
      try {
        parsed = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // A body that is not JSON stays text; serverMessage() reads it as such.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({
          successfulApiCall: true,
          statusCode: xhr.status,
          errorMsg: '',
          responseBody: parsed as DocumentDetail,
        });
      } else {
        fail(xhr.status, parsed);
      }
    };
    xhr.send(body);
  });
}
