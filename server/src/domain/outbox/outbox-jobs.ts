/** The delivery jobs of the outboxes (jobs/definitions.ts): e-mail, webhooks, SMS. */
export type OutboxJob = 'email.deliver-outbox' | 'webhooks.deliver' | 'sms.deliver';

/**
 * The job queue as a transition sees it (jobs/job-queue.ts): after the commit that wrote outbox
 * rows, it asks for their delivery job so they go out now, not at the next periodic pass. Never
 * throws: the periodic pass catches up.
 */
export interface OutboxJobs {
  send: (name: OutboxJob) => Promise<void>;
}
