/** /chat/{teamId} */
export function chatTeamPath(teamId: string): string {
  return `/chat/${encodeURIComponent(teamId)}`;
}
