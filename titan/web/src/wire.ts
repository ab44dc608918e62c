// Generated from the engine's wire schema by titan.schema_ts; do not edit.
// Regenerate: titan schema --write

export interface Accept {
  type: "accept";
  proposal: Proposal;
}

/** Rule 17: take an Angel or Archangel earned by points into the winning legion. */
export interface Acquire {
  type: "acquire";
  lord: string;
}

export interface Acquired {
  type: "acquired";
  audience: Array<number> | null;
  marker: string;
  lord: string;
  points: number;
}

/** Any Action: the member whose 'type' matches. */
export type Action = Accept | Acquire | BattleMove | CarryOver | ChooseColour | Concede | Decline | DoneMoving | DoneMustering | DoneSplitting | DontFlee | EndPhase | Engage | Fight | Flee | KeepMarker | Move | Mulligan | Muster | NoMoreProposals | Propose | ResetManeuver | Split | Strike | Summon | UndoMove | Withdraw;

/** Errata Complete Sequence 2.5.6.5-2.5.6.10, after an engagement is decided: the step :func:`titan.engine.phases.outcome.after` takes next. Integers: the wire carries the values it carried before the steps had names. */
export type AfterStep = 0 | 1 | 2 | 3 | 4;

export interface Agreement {
  type: "agreement";
  audience: Array<number> | null;
  land: number;
  attacker_losses: Array<string>;
  defender_losses: Array<string>;
}

export interface BattleEnded {
  type: "battle_ended";
  audience: Array<number> | null;
  how: BattleHow;
  winner: Side | null;
  turn: number;
}

export type BattleHow = "battle" | "concede" | "time_loss";

/** Move (or, from off the board, enter: ``frm`` None) one ``name`` to hex ``to`` (11). */
export interface BattleMove {
  type: "battle_move";
  name: string;
  frm: string | null;
  to: string;
}

export interface BattleMoved {
  type: "battle_moved";
  audience: Array<number> | null;
  side: Side;
  name: string;
  frm: string | null;
  to: string;
}

export interface BattlePhase {
  type: "battle_phase";
  audience: Array<number> | null;
  turn: number;
  side: Side;
  phase: "maneuver";
}

export interface BattleStarted {
  type: "battle_started";
  audience: Array<number> | null;
  land: number;
  terrain: string;
  side: EntrySide;
}

export type BattleStep = "attacker_may_concede" | "carry" | "concession_offered" | "counterstrike" | "defender_may_concede" | "drift_concede" | "ending_concede" | "maneuver" | "may_concede_before_counter" | "strike";

export interface BattleView {
  land: number;
  terrain: string;
  entry_side: EntrySide;
  turn: number;
  phasing: Side;
  step: BattleStep;
  fighters: Array<FighterView>;
  carry: CarryView | null;
  may_undo: boolean;
  summon_window: boolean;
  reinforce_window: boolean;
  conceding: Side | null;
  undo: Array<[number, string | null, boolean]>;
  rolled_this_phase: boolean;
  resume: BattleStep | null;
  summon_trigger: boolean;
  summon_spent: boolean;
  attacker_committed: boolean;
  ending: boolean;
  time_loss: boolean;
}

export interface CarriedOver {
  type: "carried_over";
  audience: Array<number> | null;
  name: string;
  at: string;
  damage: number;
  slain: boolean;
}

/** Errata 12.4: after the roll, where the excess damage goes, character by character. */
export interface CarryOver {
  type: "carry_over";
  to: Array<string>;
}

/** Errata 12.4: hits left over from a strike, waiting to be allocated. */
export interface CarryView {
  striker: string;
  target: string;
  excess: number;
  strike_number: number;
  dice: number;
  options: Array<string>;
}

/** Errata 5.0: colours are chosen in ascending order of starting tower. */
export interface ChooseColour {
  type: "choose_colour";
  colour: string;
}

export interface ColourChosen {
  type: "colour_chosen";
  audience: Array<number> | null;
  player: number;
  colour: string;
}

/** Rule 9.4: give up the engagement; the other legion wins with no further losses. */
export interface Concede {
  type: "concede";
}

export interface Conceded {
  type: "conceded";
  audience: Array<number> | null;
  side: Side;
  marker: string;
  land: number;
}

export type Decision = "acquire" | "battle_may_concede" | "carry_over" | "choose_colour" | "concession_offered" | "counterstrike" | "engage" | "flee" | "game_over" | "keep_marker" | "maneuver" | "move" | "muster" | "negotiate" | "negotiate_final" | "reinforce" | "split" | "strike" | "summon";

/** Pass up an optional muster, reinforcement, summons or acquisition. */
export interface Decline {
  type: "decline";
}

export interface DoneMoving {
  type: "done_moving";
}

/** End the turn (Complete Sequence 2.7). */
export interface DoneMustering {
  type: "done_mustering";
}

/** End the commencement phase; the movement roll follows (6.2). */
export interface DoneSplitting {
  type: "done_splitting";
}

export interface DontFlee {
  type: "dont_flee";
}

export interface DriftDamage {
  type: "drift_damage";
  audience: Array<number> | null;
  side: Side;
  name: string;
  hex: string;
  hits: number;
}

/** Finish the maneuver phase, or the strikes of a strike phase. */
export interface EndPhase {
  type: "end_phase";
}

/** Rule 9.1, errata 9.1: the mover picks the next engagement to resolve. */
export interface Engage {
  type: "engage";
  land: number;
}

export interface EngagementDecided {
  type: "engagement_decided";
  audience: Array<number> | null;
  land: number;
  how: How;
  winner: string | null;
}

export interface EngagementStarted {
  type: "engagement";
  audience: Array<number> | null;
  land: number;
  attacker: string;
  defender: string;
  side: EntrySide | null;
}

/** Complete Sequence 2.5: choosing is the step with no engagement under way. */
export type EngagementStep = "acquire" | "battle" | "choose" | "flee" | "negotiate" | "reinforce" | "summon";

export interface EngagementView {
  land: number;
  attacker: string;
  defender: string;
  attacker_owner: number;
  defender_owner: number;
  step: EngagementStep;
  how: How | null;
  winner: Side | null;
  acquisitions: Array<number>;
  slain: Partial<Record<Side, Array<string>>>;
  stage: AfterStep;
  summon_right: boolean;
  reinforce_right: boolean;
  summoned: boolean;
  reinforced: boolean;
  negotiation: NegotiationView | null;
  battle: BattleView | null;
}

export type EntrySide = "bottom" | "left" | "right";

/** Any Event: the member whose 'type' matches. */
export type Event = Acquired | Agreement | BattleEnded | BattleMoved | BattlePhase | BattleStarted | CarriedOver | ColourChosen | Conceded | DriftDamage | EngagementDecided | EngagementStarted | Fled | GameOver | LeftOff | LegionCreated | LegionRemoved | LegionRevealed | LegionShown | LegionTrimmed | Losses | ManeuverReset | MarkersPassed | MoveUndone | Moved | MovementRoll | MulliganTaken | Mustered | Negotiating | NoMoreProposalsDeclared | PlayerEliminated | PlayerWithdrew | ProposalsMade | Recombined | ReinforcementReturned | Score | Slain | SplitDetail | SplitMade | Struck | Summoned | SummonsReturned | TowerAssigned | TowerRolls | TurnEnded | TurnStarted;

/** Errata 2.5.5: fight the battle out. */
export interface Fight {
  type: "fight";
}

export interface FighterView {
  name: string;
  side: Side;
  hex: string | null;
  power: number;
  hits: number;
  entered: boolean;
  moved: boolean;
  struck: boolean;
  slain: boolean;
  gone: boolean;
  in_contact: boolean;
  newcomer: Newcomer | null;
  donor: string | null;
  donor_land: number | null;
}

export interface Fled {
  type: "fled";
  audience: Array<number> | null;
  marker: string;
  land: number;
}

/** Rule 9.2: the defender flees (no lord in the legion). */
export interface Flee {
  type: "flee";
}

export interface GameOver {
  type: "game_over";
  audience: Array<number> | null;
  winner: number | null;
  reason: string;
  totals: Record<string, number> | null;
}

export type How = "agreement" | "battle" | "concede" | "flee" | "time_loss";

/** Errata 4.7: which marker a recombined legion keeps when the choice is free. */
export interface KeepMarker {
  type: "keep_marker";
  marker: string;
}

/** Rule 10.1: characters not brought onto the battleland by the end of the first maneuver phase are slain. */
export interface LeftOff {
  type: "left_off";
  audience: Array<number> | null;
  side: Side;
  characters: Array<string>;
}

/** A starting legion (5.2): its eight characters are known to everyone. */
export interface LegionCreated {
  type: "legion_created";
  audience: Array<number> | null;
  marker: string;
  player: number;
  land: number;
  characters: Array<string>;
}

/** A marker leaves the board. ``characters`` are shown when the legion is eliminated with its player (19.4) or withdrawn (errata 20.4); empty otherwise. */
export interface LegionRemoved {
  type: "legion_removed";
  audience: Array<number> | null;
  marker: string;
  land: number;
  reason: Removal;
  characters: Array<string>;
}

/** Both legions of a battle (errata 9.3, 2.5.6.1), or every legion at the end (21). */
export interface LegionRevealed {
  type: "legion_revealed";
  audience: Array<number> | null;
  marker: string;
  characters: Array<string>;
}

/** Complete Sequence 2.5.1-2.5.2: one side looks at the other's legion (private). */
export interface LegionShown {
  type: "legion_shown";
  audience: Array<number> | null;
  marker: string;
  characters: Array<string>;
}

/** Rule 4.1, errata 4.1: the excess of an over-full legion; the rest is shown. */
export interface LegionTrimmed {
  type: "legion_trimmed";
  audience: Array<number> | null;
  marker: string;
  removed: Array<string>;
  characters: Array<string>;
}

export interface LegionView {
  marker: string;
  owner: number;
  land: number;
  height: number;
  moved: boolean;
  known: Array<string>;
  complete: boolean;
  entry_side: EntrySide | null;
  start_land: number | null;
  mustered: boolean;
  teleported: Teleport | null;
  split_from: string | null;
  possible: Array<string> | null;
}

/** Losses are public (errata 9.5). */
export interface Losses {
  type: "losses";
  audience: Array<number> | null;
  marker: string;
  characters: Array<string>;
}

export interface ManeuverReset {
  type: "maneuver_reset";
  audience: Array<number> | null;
  side: Side;
}

export interface MarkersPassed {
  type: "markers_passed";
  audience: Array<number> | null;
  to: number;
  frm: number;
  markers: Array<string>;
}

/** Move one legion (7). ``side`` is the battle entry side of an engagement (Complete Sequence 2.3); ``teleport`` is None, "tower" (8.1, revealing ``lord``) or "titan" (8.2). */
export interface Move {
  type: "move";
  legion: string;
  land: number;
  side: EntrySide | null;
  teleport: Teleport | null;
  lord: string | null;
}

/** Errata 7.0: a move taken back, the legion returned to ``to``. */
export interface MoveUndone {
  type: "move_undone";
  audience: Array<number> | null;
  marker: string;
  frm: number;
  to: number;
}

/** Rule 7, 8: a teleport shows its ``lord`` (8.1, 8.2); ``side`` is the entry side. */
export interface Moved {
  type: "moved";
  audience: Array<number> | null;
  marker: string;
  frm: number;
  to: number;
  teleport: Teleport | null;
  lord: string | null;
  side: EntrySide | null;
}

export interface MovementRoll {
  type: "movement_roll";
  audience: Array<number> | null;
  player: number;
  roll: number;
}

/** Rule 7.6: re-roll the first turn's movement roll once. */
export interface Mulligan {
  type: "mulligan";
}

export interface MulliganTaken {
  type: "mulligan";
  audience: Array<number> | null;
  player: number;
  old: number;
  roll: number;
}

/** Rule 18 (and 14 for a reinforcement): add ``creature``, revealing ``reveal``. */
export interface Muster {
  type: "muster";
  legion: string;
  creature: string;
  reveal: Array<string>;
}

/** Rule 18.4 (and 14): the recruit and the characters that qualify it are shown. */
export interface Mustered {
  type: "mustered";
  audience: Array<number> | null;
  marker: string;
  creature: string;
  reveal: Array<string>;
  land: number;
}

export interface Negotiating {
  type: "negotiating";
  audience: Array<number> | null;
  side: Side;
  land: number;
}

export interface NegotiationView {
  turn: Side;
  no_more: Side | null;
  attacker_proposals: Array<Proposal>;
  defender_proposals: Array<Proposal>;
}

export type Newcomer = "reinforcement" | "summoned";

export interface NoMoreProposals {
  type: "no_more_proposals";
}

export interface NoMoreProposalsDeclared {
  type: "no_more_proposals";
  audience: Array<number> | null;
  side: Side;
  land: number;
}

/** The phases of the errata's Complete Sequence of Play (1, 2.1-2.7). */
export type Phase = "colour" | "engage" | "move" | "muster" | "over" | "recombine" | "split";

export interface PlayerEliminated {
  type: "player_eliminated";
  audience: Array<number> | null;
  player: number;
  by: number | null;
}

export interface PlayerInfo {
  index: number;
  name: string;
  colour: string | null;
  tower: number | null;
  score: number;
  titan_power: number;
  alive: boolean;
  markers: Array<string>;
  turns_taken: number;
  mulligans: number;
  in_legions: Array<string>;
}

export interface PlayerView {
  you: number | null;
  deciding: number;
  turn: number;
  phase: Phase;
  active: number;
  roll: number | null;
  moves_made: Array<string>;
  order: Array<number>;
  summoned_this_turn: boolean;
  teleported_this_turn: boolean;
  pending_recombine: Array<Array<string>>;
  over: boolean;
  winner: number | null;
  players: Array<PlayerInfo>;
  legions: Array<LegionView>;
  caretaker: Record<string, number>;
  dead: Record<string, number>;
  engagement: EngagementView | null;
}

export interface PlayerWithdrew {
  type: "player_withdrew";
  audience: Array<number> | null;
  player: number;
}

export interface Prompt {
  player: number;
  kind: Decision;
  options: Array<Action>;
  split_markers: Array<string>;
  proposals: Array<Proposal>;
  roll: number | null;
  points: number | null;
  battle_turn: number | null;
}

/** Errata 9.3: an agreement names exactly which characters each legion loses. */
export interface Proposal {
  attacker_losses: Array<string>;
  defender_losses: Array<string>;
}

/** Errata 9.3: the proposals themselves go to the two players only. */
export interface ProposalsMade {
  type: "proposals";
  audience: Array<number> | null;
  side: Side;
  proposals: Array<[Array<string>, Array<string>]>;
}

/** Errata 9.3: a set of proposals, at least one new, none the opponent's. */
export interface Propose {
  type: "propose";
  proposals: Array<Proposal>;
}

export interface Recombined {
  type: "recombined";
  audience: Array<number> | null;
  marker: string;
  absorbed: Array<string>;
  land: number;
  height: number;
}

export interface ReinforcementReturned {
  type: "reinforcement_returned";
  audience: Array<number> | null;
  marker: string;
  creature: string;
}

export type Removal = "destroyed" | "disbanded" | "eliminated" | "recombined" | "withdrew";

/** Errata 11.0: undo this maneuver phase's moves, until the first strike is rolled. */
export interface ResetManeuver {
  type: "reset_maneuver";
}

export interface Score {
  type: "score";
  audience: Array<number> | null;
  player: number;
  points: number;
  total: number;
  reason: string;
}

export type Side = "attacker" | "defender";

export interface Slain {
  type: "slain";
  audience: Array<number> | null;
  side: Side;
  name: string;
  marker: string;
}

/** Rule 4.3: ``characters`` leave ``legion`` to form a new legion under ``marker``. */
export interface Split {
  type: "split";
  legion: string;
  marker: string;
  characters: Array<string>;
}

export interface SplitDetail {
  type: "split_detail";
  audience: Array<number> | null;
  marker: string;
  new: string;
  characters: Array<string>;
}

/** Rule 4.3, 4.5: everyone sees the heights; only the owner sees who went where. */
export interface SplitMade {
  type: "split";
  audience: Array<number> | null;
  marker: string;
  new: string;
  land: number;
  heights: [number, number];
}

/** Strike (12, 13) or rangestrike (``ranged``) from hex ``frm`` at ``target``, naming the strike number and dice of the chosen option (penalties declared before rolling, 13.4). */
export interface Strike {
  type: "strike";
  frm: string;
  target: string;
  strike_number: number;
  dice: number;
  ranged: boolean;
}

export interface Struck {
  type: "struck";
  audience: Array<number> | null;
  side: Side;
  striker: string;
  frm: string;
  target: string;
  at: string;
  ranged: boolean;
  strike_number: number;
  dice: Array<number>;
  hits: number;
  damage: number;
  slain: boolean;
}

/** Rule 15: bring an Angel or Archangel from legion ``donor`` into the attacking legion. */
export interface Summon {
  type: "summon";
  donor: string;
  lord: string;
}

/** Rule 15, 15.1: the lord leaves ``frm`` for ``to`` in everyone's sight. */
export interface Summoned {
  type: "summoned";
  audience: Array<number> | null;
  lord: string;
  frm: string;
  to: string;
}

export interface SummonsReturned {
  type: "summons_returned";
  audience: Array<number> | null;
  lord: string;
  frm: string;
  to: string;
  land: number;
}

export type Teleport = "titan" | "tower";

export interface TowerAssigned {
  type: "tower_assigned";
  audience: Array<number> | null;
  player: number;
  tower: number;
}

export interface TowerRolls {
  type: "tower_rolls";
  audience: Array<number> | null;
  rolls: Record<string, number>;
}

export interface TurnEnded {
  type: "turn_ended";
  audience: Array<number> | null;
  player: number;
}

export interface TurnStarted {
  type: "turn_started";
  audience: Array<number> | null;
  player: number;
  turn: number;
}

/** Errata 7.0: take back this legion's move and every move made after it. */
export interface UndoMove {
  type: "undo_move";
  legion: string;
}

/** Errata 20.4: leave the game, only at the points the sequence of play allows. */
export interface Withdraw {
  type: "withdraw";
}
