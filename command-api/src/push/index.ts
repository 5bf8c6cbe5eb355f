export { pushRoutes } from './push-routes.ts';
export { vapidDetails, type VapidDetails } from './vapid.ts';
export { endpointPolicy, EndpointRefused, isPrivateAddress, type CheckEndpoint } from './endpoint-policy.ts';
export { createPushSender, type SendPush, type PushOutcome } from './push-sender.ts';
export { createPushDelivery, type PushDelivery } from './push-delivery.ts';
