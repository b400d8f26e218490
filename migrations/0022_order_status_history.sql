-- 0022_order_status_history: written by hand (a trigger, which schemas/ cannot say), not by `npm run generate`
-- Every change of an order's status is also kept in ecommerce_order_status_changes (the order
-- desk's timeline), by the same trigger that queues its `order-status-changed` job, in the same
-- transaction: whoever makes the change (checkout, a payment notification, a refund, the owner,
-- SQL by hand), it is recorded exactly when it is committed. The queue's job rows are removed a
-- day after they are done, so they cannot be the history.

CREATE OR REPLACE FUNCTION "ecommerce_orders_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notification_jobs" ("kind", "payload")
  VALUES ('order-status-changed', jsonb_build_object('orderId', NEW."id", 'from', OLD."status", 'to', NEW."status", 'at', clock_timestamp()));
  INSERT INTO "ecommerce_order_status_changes" ("orderId", "from", "to")
  VALUES (NEW."id", OLD."status", NEW."status");
  RETURN NULL;
END $$
