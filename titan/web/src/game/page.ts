// The game this page shows: the page's address is /games/{id} (titan/server/web.py).
export function pageGameId(): string {
  return /^\/games\/([^/]+)/.exec(window.location.pathname)?.[1] ?? "";
}
