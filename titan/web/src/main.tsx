// The client's entry point: "/" is the lobby, "/games/<id>" a game (a seat's token, if any,
// in the fragment), "/games/<id>/replay" its replay, "/games/<id>/dice" its dice;
// "/leaderboard" and "/players/<name>" the ratings; "/unsubscribe" a mail's unsubscribe link
// (its secret in the fragment).
import { render } from "preact";
import { GamePage } from "./game/GamePage";
import { Lobby } from "./lobby/Lobby";
import { GameDicePage, LeaderboardPage, ProfilePage } from "./ratings/pages";
import { ReplayPage } from "./replay/ReplayPage";
import { Unsubscribe } from "./Unsubscribe";

function App() {
  if (location.pathname === "/unsubscribe") return <Unsubscribe />;
  const r = /^\/games\/([^/]+)\/replay$/.exec(location.pathname);
  if (r?.[1]) return <ReplayPage gameId={decodeURIComponent(r[1])} />;
  const d = /^\/games\/([^/]+)\/dice$/.exec(location.pathname);
  if (d?.[1]) return <GameDicePage gameId={decodeURIComponent(d[1])} />;
  if (location.pathname === "/leaderboard") return <LeaderboardPage />;
  const p = /^\/players\/([^/]+)$/.exec(location.pathname);
  if (p?.[1]) return <ProfilePage name={decodeURIComponent(p[1])} />;
  const m = /^\/games\/([^/]+)$/.exec(location.pathname);
  return m?.[1] ? <GamePage gameId={decodeURIComponent(m[1])} /> : <Lobby />;
}

const root = document.getElementById("app");
if (root) render(<App />, root);
