// The lobby at "/": set up a new game, come back to the games this browser plays, join a seat
// by its link, and see (and watch) every game on this server.
import { useState } from "preact/hooks";
import { OpenRecord } from "../replay/OpenRecord";
import { AccountArea } from "./Account";
import { AllGames } from "./AllGames";
import { JoinLink } from "./JoinLink";
import { NewGame } from "./NewGame";
import { YourGames } from "./YourGames";

export function Lobby() {
  // Bumped when a game is created, so that both lists show it at once.
  const [refresh, setRefresh] = useState(0);
  return (
    <main class="lobby" data-page="lobby">
      <header class="lobby-head">
        <h1>Titan</h1>
        <p>
          The board game of monsters and Titans, for two to six players, here, over the network, or against the
          computer.
        </p>
        <a href="/leaderboard" data-link="leaderboard">
          Leaderboard
        </a>
      </header>
      <div class="lobby-grid">
        <NewGame onCreated={() => setRefresh((n) => n + 1)} />
        <div class="lobby-side">
          <AccountArea refresh={refresh} />
          <YourGames refresh={refresh} />
          <JoinLink />
          <OpenRecord />
        </div>
      </div>
      <AllGames refresh={refresh} />
    </main>
  );
}
