ALTER TABLE "email_outbox" ADD COLUMN "sealed_links" text;--> statement-breakpoint
-- Links already queued in plain text are masked: nobody reading the outbox may use them. An
-- unsent one then reaches its recipient masked; they ask for a new link (it lapses within hours anyway).
UPDATE "email_outbox" SET "text" = regexp_replace("text", '([?&]token=)[A-Za-z0-9_-]+', '\1********', 'g') WHERE "text" ~ '[?&]token=[A-Za-z0-9_-]';
