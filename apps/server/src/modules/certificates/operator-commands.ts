/**
 * The operator's certificate commands (docs/decisions/0011): settings, images, revocation and key
 * rotation. The CLI spells them `certificate settings|image|revoke|rotate-key`.
 */
import { Text } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { defineOperatorCommand } from '../operator/area-command.js';
import {
  MAX_IMAGE_BYTES,
  revokeByCode,
  rotateKey,
  setCertificateImage,
  setCertificateSettings,
} from './manage.service.js';

const Lms = Text({ minLength: 1, maxLength: 63 });
const strict = { additionalProperties: false } as const;

export const certificateCommands = [
  defineOperatorCommand({
    name: 'certificate-settings',
    summary:
      "Set an LMS's certificate settings: toggles, text, type name, signature, theme, validity",
    input: Type.Object(
      {
        lms: Lms,
        showLmsName: Type.Optional(Type.Boolean()),
        showSummaryInfo: Type.Optional(Type.Boolean()),
        showAssignmentList: Type.Optional(Type.Boolean()),
        showText: Type.Optional(Type.Boolean()),
        showSignature: Type.Optional(Type.Boolean()),
        text: Type.Optional(Text({ maxLength: 2000 })),
        typeName: Type.Optional(Text({ maxLength: 200 })),
        signatureName: Type.Optional(Text({ maxLength: 200 })),
        signatureTitle: Type.Optional(Text({ maxLength: 200 })),
        theme: Type.Optional(Text({ minLength: 1, maxLength: 40 })),
        validityMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 1200 })),
      },
      strict,
    ),
    run: (deps, input) => setCertificateSettings(deps, input),
  }),
  defineOperatorCommand({
    name: 'certificate-image',
    summary: "Set or remove an LMS's certificate logo or signature image (PNG or JPEG)",
    input: Type.Object(
      {
        lms: Lms,
        kind: Type.Union([Type.Literal('logo'), Type.Literal('signature')]),
        remove: Type.Optional(Type.Boolean()),
      },
      strict,
    ),
    upload: { maxBytes: MAX_IMAGE_BYTES, what: 'the PNG or JPEG image' },
    run: (deps, input, upload) => setCertificateImage(deps, input, upload),
    format: (result) => {
      const r = result as { lms: string; kind: string; removed: boolean; bytes: number };
      return r.removed
        ? `Removed the ${r.kind} image of LMS '${r.lms}'.`
        : `Set the ${r.kind} image of LMS '${r.lms}' (${r.bytes} bytes).`;
    },
  }),
  defineOperatorCommand({
    name: 'certificate-revoke',
    summary: 'Revoke a certificate by its code: its verification page and status list say so',
    input: Type.Object(
      { id: Text({ minLength: 1, maxLength: 64 }), reason: Text({ minLength: 1, maxLength: 500 }) },
      strict,
    ),
    run: (deps, input) => revokeByCode(deps, input),
    format: (result) => {
      const r = result as { certificateId: string; revokedAt: string; reason: string };
      return `Revoked certificate ${r.certificateId} at ${r.revokedAt}: ${r.reason}`;
    },
  }),
  defineOperatorCommand({
    name: 'certificate-rotate-key',
    summary:
      'Make a new credential signing key; the old one stays published for issued credentials',
    input: Type.Object({}, strict),
    run: (deps) => rotateKey(deps),
    format: (result) => {
      const r = result as { retiredKid: string | null; activeKid: string };
      return `New signing key ${r.activeKid}${r.retiredKid ? `; ${r.retiredKid} retired (still published, so credentials it signed stay verifiable)` : ''}.`;
    },
  }),
];
