export { chatRoutes } from './chat-routes.ts';
export { socketMessageSender } from './socket-sender.ts';
export { chatService, CHAT_SEND_RATE, type ChatService } from './chat-service.ts';
