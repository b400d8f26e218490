import { defineModule } from "../module.js";
import { registerNotificationRoutes, registerNotificationServices } from "./notification-module.js";

// What other modules may use of notification: the queue's service, its background worker (for
// their own periodic work), and a subject's email address to write to.
export type { NewNotification, Notifications } from "./notifications.js";
export { emailOf } from "./notify-route.js";
export { Worker } from "./worker.js";
export type { OwnerEvent, OwnerMail } from "./owner-mail.js";
// Jobs another module queues (and the trigger-queued ones it wakes the queue for), and the notifications it reads.
export { queueJob, queueJobIn, queueJobOnce, wakeQueueOnTriggeredJobs } from "./queued-jobs.js";
export { notificationsAbout, notificationWithKey } from "./notification-reads.js";
export type { MailState } from "./mail-state.js";

/**
 * The mail and job queues (`app.notifications`). Listed before rbac, whose password reset mail
 * uses them; its route is a second entry below (`notificationRoutes`), after rbac, so rbac's
 * hook guards it like every /api route.
 */
export const notification = defineModule("notification", [], (app, config) =>
  registerNotificationServices(app, config),
);

/** POST {subjects}/{id}/notify. */
export const notificationRoutes = defineModule("notification-routes", ["notification", "rbac"], (app) =>
  registerNotificationRoutes(app),
);
