import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '#shared/integrations';
import type { Db } from '../../db/client';
import { type UnnestColumn, unnest } from '../../db/unnest';

export interface WebhookEventInput {
  brandId: string;
  /** Whose event it is: their webhooks are told. */
  userId: string;
  type: WebhookEventType;
  resourceType: 'booking' | 'wallet' | 'deposit_request';
  resourceId: string;
}

const COLUMNS: readonly UnnestColumn<WebhookEventInput>[] = [
  ['uuid', (e) => e.brandId],
  ['uuid', (e) => e.userId],
  ['text', (e) => e.type],
  ['text', (e) => e.resourceType],
  ['text', (e) => e.resourceId],
];

/**
 * The webhook outbox: in the caller's transaction (the change's own), one event row for each
 * event whose owner has a live webhook for its type, and a delivery per such webhook. After the
 * commit the `webhooks.deliver` job sends them; a rolled-back change sends nothing. One statement
 * whatever the number of events; owners without webhooks cost one index look-up each.
 */
export async function recordWebhookEvents(db: Db, events: readonly WebhookEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await db.execute(sql`
    with incoming as (
      select * from ${unnest(events, COLUMNS)} as i(brand_id, user_id, type, resource_type, resource_id)
    ),
    wanted as (
      select gen_random_uuid() as id, incoming.* from incoming
      where exists (
        select 1 from webhooks w
        where w.user_id = incoming.user_id and w.brand_id = incoming.brand_id
          and w.deleted_at is null and w.disabled_at is null and incoming.type = any(w.events)
      )
    ),
    inserted as (
      insert into webhook_events (id, brand_id, user_id, type, resource_type, resource_id)
      select id, brand_id, user_id, type, resource_type, resource_id from wanted
      returning id, brand_id, user_id, type
    )
    insert into webhook_deliveries (webhook_id, event_id)
    select w.id, inserted.id from inserted
    join webhooks w on w.user_id = inserted.user_id and w.brand_id = inserted.brand_id
      and w.deleted_at is null and w.disabled_at is null and inserted.type = any(w.events)
  `);
}
