// Events in words, for the game's log: one sentence per event, after titan/describe.py (the
// `titan demo` log), with player names and "you" for the seat looking. (Actions in words:
// describe.ts.) Several events name a side ("attacker"/"defender") or a marker only; the
// sentences name the players behind them, from the engagement the events belong to.
import { colourOfMarker } from "./colours";
import type { Event, How, PlayerInfo, PlayerView, Removal, Side, Teleport } from "./wire";

/** What earlier events tell about later ones: the engagement under way (its markers). */
export interface EventContext {
  attacker: string | null;
  defender: string | null;
  land: number | null;
}

export interface LoggedEvent {
  /** Its place in the seat's history (0-based). */
  index: number;
  event: Event;
  text: string;
  /** The game turn it happened in (0 while setting up). */
  turn: number;
  /** Seen by some players only (a private event: 9.3 proposals, 4.5 split details...). */
  secret: boolean;
}

export function list(names: readonly string[]): string {
  return names.length ? names.join(", ") : "nothing";
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A character name with its article: "a Troll", "an Ogre". */
function article(name: string): string {
  return /^[AEIOU]/.test(name) ? `an ${name}` : `a ${name}`;
}

class Words {
  constructor(
    private readonly view: PlayerView,
    private readonly ctx: EventContext,
  ) {}

  private player(i: number | null | undefined): PlayerInfo | undefined {
    return i == null ? undefined : this.view.players[i];
  }

  /** A player as the subject or object of a sentence: "you" for the seat looking. */
  name(i: number | null | undefined): string {
    if (i == null) return "nobody";
    if (i === this.view.you) return "you";
    return this.player(i)?.name ?? `player ${i + 1}`;
  }

  /** "Ann rolls" / "you roll". */
  says(i: number, third: string, second: string): string {
    return `${this.name(i)} ${i === this.view.you ? second : third}`;
  }

  /** The owner of a marker, from its colour (the legion may be gone). */
  ownerOf(marker: string): number | null {
    const colour = colourOfMarker(marker);
    const byLegion = this.view.legions.find((l) => l.marker === marker);
    if (byLegion) return byLegion.owner;
    const p = this.view.players.find((q) => q.colour === colour);
    return p ? p.index : null;
  }

  /** "your Rd05", "Ann's Bk02". */
  legion(marker: string): string {
    const owner = this.ownerOf(marker);
    if (owner === null) return marker;
    if (owner === this.view.you) return `your ${marker}`;
    return `${this.name(owner)}'s ${marker}`;
  }

  /** A side of the engagement under way: "Ann (the attacker)". */
  side(side: Side): string {
    const marker = side === "attacker" ? this.ctx.attacker : this.ctx.defender;
    const owner = marker ? this.ownerOf(marker) : null;
    return owner === null ? `the ${side}` : `${this.name(owner)} (the ${side})`;
  }

  /** The subject of a sentence about a side, with its verb. */
  sideSays(side: Side, third: string, second: string): string {
    const marker = side === "attacker" ? this.ctx.attacker : this.ctx.defender;
    const owner = marker ? this.ownerOf(marker) : null;
    return `${this.side(side)} ${owner !== null && owner === this.view.you ? second : third}`;
  }
}

const REMOVED: Record<Removal, string> = {
  eliminated: "is removed with its eliminated player (19.4)",
  withdrew: "is removed: its player withdrew (20.4)",
  recombined: "is recombined into another legion",
  disbanded: "is disbanded: its last character left",
  destroyed: "is destroyed",
};

const HOW: Record<How, string> = {
  flee: "the defender fled",
  agreement: "by agreement",
  concede: "by concession",
  battle: "in battle",
  time_loss: "the attacker ran out of time (10.5)",
};

const TELEPORTED: Record<Teleport, (lord: string | null) => string> = {
  tower: (lord) => ` by tower teleport, showing ${lord ? article(lord) : "a lord"} (8.1)`,
  titan: () => " by Titan teleport (8.2)",
};

/** One event in a sentence, for the seat of `view` ("you"), or a spectator. */
export function describeEvent(
  e: Event,
  view: PlayerView,
  ctx: EventContext = { attacker: null, defender: null, land: null },
): string {
  const w = new Words(view, ctx);
  return capitalise(sentence(e, w, view));
}

function sentence(e: Event, w: Words, view: PlayerView): string {
  switch (e.type) {
    // --- setting up (5, errata 5.0)
    case "tower_rolls":
      return `rolls for the towers: ${Object.entries(e.rolls)
        .map(([p, r]) => `${w.name(Number(p))} ${r}`)
        .join(", ")}`;
    case "tower_assigned":
      return `${w.says(e.player, "starts", "start")} in tower ${e.tower}`;
    case "colour_chosen":
      return `${w.says(e.player, "plays", "play")} ${e.colour}`;
    case "legion_created":
      return `${w.legion(e.marker)} starts in tower ${e.land}: ${list(e.characters)}`;
    // --- the turn
    case "turn_started":
      return `turn ${e.turn}: ${w.name(e.player)}${e.player === view.you ? "r" : "'s"} turn`;
    case "turn_ended":
      return `${w.says(e.player, "ends", "end")} the turn`;
    case "split":
      return `${w.legion(e.marker)} splits off ${e.new} in land ${e.land} (${e.heights[0]} + ${e.heights[1]})`;
    case "split_detail":
      return `${e.new} takes ${list(e.characters)} from ${e.marker}`;
    case "movement_roll":
      return `${w.says(e.player, "rolls", "roll")} ${e.roll} for movement`;
    case "mulligan":
      return `${w.says(e.player, "takes", "take")} a mulligan (7.6): ${e.old} becomes ${e.roll}`;
    case "moved": {
      const by = e.teleport ? TELEPORTED[e.teleport](e.lord) : "";
      const attack = e.side ? `, attacking from the ${e.side}` : "";
      // A roll can lead a legion round and back into the land it left (errata 6.2).
      const path = e.frm === e.to ? `moves round and back to ${e.to}` : `moves from ${e.frm} to ${e.to}`;
      return `${w.legion(e.marker)} ${path}${by}${attack}`;
    }
    case "move_undone":
      return `${w.legion(e.marker)} takes its move back, to ${e.to}`;
    case "recombined":
      return `${list(e.absorbed)} ${e.absorbed.length === 1 ? "rejoins" : "rejoin"} ${w.legion(e.marker)} in land ${e.land} (${e.height} high)`;
    case "mustered":
      return `${w.legion(e.marker)} musters ${article(e.creature)} in land ${e.land}${e.reveal.length ? `, showing ${list(e.reveal)}` : ""}`;
    case "legion_trimmed":
      return `${w.legion(e.marker)} has more than seven characters: ${list(e.removed)} ${e.removed.length === 1 ? "goes" : "go"} back (4.1); it holds ${list(e.characters)}`;
    case "legion_removed": {
      const what = REMOVED[e.reason];
      return `${w.legion(e.marker)} in land ${e.land} ${what}${e.characters.length ? `: ${list(e.characters)}` : ""}`;
    }
    case "score":
      return `${w.says(e.player, "scores", "score")} ${e.points} (${e.reason}), now ${e.total}`;
    case "player_withdrew":
      return `${w.says(e.player, "withdraws", "withdraw")} from the game`;
    case "player_eliminated":
      return `${w.says(e.player, "is", "are")} eliminated${e.by != null ? ` by ${w.name(e.by)}` : ""}`;
    case "markers_passed":
      return `${w.says(e.to, "takes", "take")} ${e.markers.length} marker${e.markers.length === 1 ? "" : "s"} from ${w.name(e.frm)}`;
    case "game_over": {
      const winner = e.winner != null ? `${w.says(e.winner, "wins", "win")}` : "nobody wins";
      const totals = e.totals
        ? `; totals: ${Object.entries(e.totals)
            .map(([p, t]) => `${w.name(Number(p))} ${t}`)
            .join(", ")}`
        : "";
      return `game over: ${winner} (${e.reason})${totals}`;
    }
    // --- engagements (9, 14-17)
    case "engagement":
      return `engagement in land ${e.land}: ${w.legion(e.attacker)} attacks ${w.legion(e.defender)}${e.side ? ` from the ${e.side}` : ""}`;
    case "legion_shown":
      return `${w.legion(e.marker)} is shown: ${list(e.characters)}`;
    case "legion_revealed":
      return `${w.legion(e.marker)} is revealed: ${list(e.characters)}`;
    case "fled":
      return `${w.legion(e.marker)} flees from land ${e.land} (9.2)`;
    case "proposals":
      return `${w.sideSays(e.side, "proposes", "propose")}: ${e.proposals
        .map(([a, d]) => `attacker loses ${list(a)}, defender loses ${list(d)}`)
        .join("; or ")}`;
    case "negotiating":
      return `${w.sideSays(e.side, "makes", "make")} proposals in land ${e.land} (9.3)`;
    case "no_more_proposals":
      return `${w.sideSays(e.side, "will", "will")} make no more proposals in land ${e.land}`;
    case "agreement":
      return `agreement in land ${e.land}: the attacker loses ${list(e.attacker_losses)}, the defender ${list(e.defender_losses)}`;
    case "conceded":
      return `${w.legion(e.marker)} concedes in land ${e.land} (9.4)`;
    case "losses":
      return `${w.legion(e.marker)} loses ${list(e.characters)}`;
    case "engagement_decided":
      return e.winner
        ? `${w.legion(e.winner)} wins in land ${e.land} (${HOW[e.how]})`
        : `nobody wins in land ${e.land} (${HOW[e.how]})`;
    case "summoned":
      return `${article(e.lord)} is summoned from ${w.legion(e.frm)} into ${w.legion(e.to)} (15)`;
    case "summons_returned":
      return `the summoned ${e.lord} never entered the battle and goes back from ${w.legion(e.frm)} to ${w.legion(e.to)} in land ${e.land}`;
    case "acquired":
      return `${w.legion(e.marker)} takes ${article(e.lord)} for reaching ${e.points} points (17)`;
    case "reinforcement_returned":
      return `the reinforcing ${e.creature} never entered the battle and goes back from ${w.legion(e.marker)} to the caretaker (14.1)`;
    // --- battles (10-15)
    case "battle_started":
      return `battle on the ${e.terrain} in land ${e.land}, the attacker entering from the ${e.side}`;
    case "battle_phase":
      return `battle turn ${e.turn}: ${w.side(e.side)} maneuvers`;
    case "battle_moved":
      if (!e.frm) return `${e.name} enters at ${e.to}`;
      return e.frm === e.to ? `${e.name} stays in ${e.to}` : `${e.name} moves from ${e.frm} to ${e.to}`;
    case "maneuver_reset":
      return `${w.sideSays(e.side, "takes", "take")} back this phase's maneuvers`;
    case "left_off":
      return `${list(e.characters)} of ${w.side(e.side)} never entered the battleland and ${e.characters.length === 1 ? "is" : "are"} slain (10.1)`;
    case "drift_damage":
      return `drift hurts ${e.name} in ${e.hex}: ${e.hits} hit${e.hits === 1 ? "" : "s"}`;
    case "struck": {
      const verb = e.ranged ? "rangestrikes" : "strikes";
      const dead = e.slain ? `, slaying it` : "";
      return `${e.striker} (${e.frm}) ${verb} ${e.target} (${e.at}) needing ${e.strike_number}: rolls ${e.dice.join(" ")} for ${e.hits} hit${e.hits === 1 ? "" : "s"}${e.damage !== e.hits ? ` (${e.damage} damage)` : ""}${dead}`;
    }
    case "carried_over":
      return `${e.damage} hit${e.damage === 1 ? "" : "s"} carried over to ${e.name} (${e.at})${e.slain ? ", slaying it" : ""}`;
    case "slain":
      return `${e.name} of ${w.legion(e.marker)} is slain`;
    case "battle_ended": {
      const winner = e.winner ? w.sideSays(e.winner, "wins", "win") : "nobody wins";
      return `the battle ends in turn ${e.turn}: ${winner} (${HOW[e.how]})`;
    }
  }
}

/** Follow the engagement under way, so that "attacker" and "defender" get their names. */
export function advance(ctx: EventContext, e: Event): EventContext {
  switch (e.type) {
    case "engagement":
      return { attacker: e.attacker, defender: e.defender, land: e.land };
    case "turn_started":
      return { attacker: null, defender: null, land: null };
    default:
      return ctx;
  }
}

/** A seat's history in sentences, each with the turn it belongs to. */
export function describeEvents(events: readonly Event[], view: PlayerView): LoggedEvent[] {
  let ctx: EventContext = { attacker: null, defender: null, land: null };
  let turn = 0;
  return events.map((event, index) => {
    ctx = advance(ctx, event);
    if (event.type === "turn_started") turn = event.turn;
    return { index, event, text: describeEvent(event, view, ctx), turn, secret: event.audience !== null };
  });
}
