import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines (a notice's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * SMTP through nodemailer, or null when SMTP_URL is unset: then nothing is e-mailed and admins
 * share reset links by hand (ADR 017). One pooled transport per process.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | null {
  if (config.smtpUrl === null || config.mailFrom === null) return null;
  const transport = nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}
