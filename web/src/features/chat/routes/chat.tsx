/** Placeholder: the chat slice replaces this screen (/chat and /chat/:teamId). */
export function ChatRoute() {
  return <p className="text-slate-500">Chat is coming soon.</p>;
}
