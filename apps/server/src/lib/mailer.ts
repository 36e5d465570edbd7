/** An email Waypoint sends (password reset, MFA code, set-password invitation). */
export interface OutgoingEmail {
  lmsKey: number | null;
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (reminder emails); user-provided text in it must be escaped. */
  html?: string;
  /** Addresses copied (a reminder's copy to the student's managers). */
  cc?: readonly string[];
  /** Files sent with it (a scheduled report's CSV); kept with the outbox row for every retry. */
  attachments?: readonly EmailAttachment[];
}

/** A file attached to an email. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends email: over SMTP when SMTP_URL is set, otherwise into the outbox table (see email module). */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}
