import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about; logged when there is no SMTP server. */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each email goes to the log with its link. */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string },
  log: FastifyBaseLogger,
): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        log.info(
          { mail: { to: message.to, subject: message.subject, link: message.link } },
          `Email to ${message.to}: ${message.subject} — ${message.link}`,
        );
      },
      close() {},
    };
  }
  const smtpUrl = options.smtpUrl;
  // nodemailer is loaded with the first email, not with the app (most requests send none).
  let transport: Promise<Transporter> | undefined;
  const smtp = () =>
    (transport ??= import('nodemailer').then((mail) => mail.default.createTransport(smtpUrl)));
  return {
    async send(message) {
      const opened = await smtp();
      await opened.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
