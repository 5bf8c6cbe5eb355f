export { chatRoutes } from './chat-routes.ts';
export { socketMessageSender } from './socket-sender.ts';
