import type { PaymentGateway, Verification } from '../../../payments/gateway';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import type { PaymentAttempt } from '../../payments/record-verification';
import type { TicketLinks } from '../issue/queue-ticket-email';

export interface GatewayPaymentAnswer {
  gateway: PaymentGateway;
  /** Where the e-ticket e-mail's links point (the return's host; none for the job). */
  links: TicketLinks;
  attempt: PaymentAttempt;
  /** What the gateway said about the attempt, already verified (callback or look-up). */
  verification: Exclude<Verification, { verdict: 'rejected' }>;
  /** Asked for the e-mail delivery after a commit that wrote an e-ticket e-mail. */
  jobs: OutboxJobs;
}
