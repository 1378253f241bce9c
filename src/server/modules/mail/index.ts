/** What other modules and the composition root use of the mail module. */
export {
  createMailer,
  type EnqueueResult,
  type Mailer,
  type MailMessage,
  type MailTransport,
} from './mailer.ts';
export { startOutboxRelay } from './relay.ts';
export {
  actionBlocks,
  renderEmail,
  type EmailBlock,
  type EmailContent,
  type RenderedEmail,
} from './email-layout.ts';
