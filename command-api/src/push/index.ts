export { pushRoutes } from './push-routes.ts';
export { vapidDetails } from './vapid.ts';
export { endpointPolicy } from './endpoint-policy.ts';
export { createPushSender } from './push-sender.ts';
export { createPushDelivery } from './push-delivery.ts';
