// The client's entry point: "/" is the lobby, "/games/<id>" a game (a seat's token, if any,
// in the fragment).
import { render } from "preact";
import { GamePage } from "./game/GamePage";
import { Lobby } from "./lobby/Lobby";

function App() {
  const m = /^\/games\/([^/]+)$/.exec(location.pathname);
  return m && m[1] ? <GamePage gameId={decodeURIComponent(m[1])} /> : <Lobby />;
}

const root = document.getElementById("app");
if (root) render(<App />, root);
