-- Issue 16: the notification e-mails go through the queue of background work.
INSERT INTO "actions" ("name") VALUES ('notification_email'), ('notification_digest') ON CONFLICT DO NOTHING;
