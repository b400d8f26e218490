-- 0012_order_status_changed_trigger: written by hand (a trigger, which schemas/ cannot say), not by `npm run generate`
-- Every change of an order's status, whoever makes it (checkout, a payment webhook, an admin's
-- PATCH, a bulk update, SQL by hand), queues an `order-status-changed` job in the same
-- transaction: the job exists exactly when the change was committed. Until this migration the
-- ecommerce module installed the same function and trigger at start-up; both statements replace
-- what such a database already has.

CREATE OR REPLACE FUNCTION "ecommerce_orders_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notification_jobs" ("kind", "payload")
  VALUES ('order-status-changed', jsonb_build_object('orderId', NEW."id", 'from', OLD."status", 'to', NEW."status", 'at', clock_timestamp()));
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ecommerce_orders_status_changed" AFTER UPDATE OF "status" ON "ecommerce_orders" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "ecommerce_orders_status_changed"();
