// What every part of the game screen shares: the variant, the seat's view and prompt, a way
// to act, and the current selection on the boards (a legion, a character), so that a click on
// the board and the decision panel work together.
import { type ComponentType, createContext } from "preact";
import { useContext } from "preact/hooks";
import type { VariantData } from "../variant";
import type { Action, PlayerView, Prompt } from "../wire";
import type { Prefs } from "./automation";

export interface Choice {
  label: string;
  action: Action;
}

export interface Offer {
  /** What the player is asked, e.g. "Enter land 23 from which side?" */
  title: string;
  choices: Choice[];
}

/** This seat's standing choices (automation.ts). */
export interface SeatAuto {
  prefs: Prefs;
  setPrefs: (prefs: Prefs) => void;
  /** The standing Concede was pressed: the next point the rules give concedes. */
  conceding: boolean;
  setConceding: (on: boolean) => void;
}

export interface Ui {
  variant: VariantData;
  view: PlayerView;
  /** The prompt when this seat must decide now, else null. */
  prompt: Prompt | null;
  /** The shown seat's token (null for a spectator), for the requests a panel makes itself. */
  token: string | null;
  busy: boolean;
  act: (action: Action) => void;
  /** A legion marker (masterboard) or a fighter's hex (battle) the player has picked. */
  selected: string | null;
  select: (key: string | null) => void;
  /** Several actions answer one click (e.g. two entry sides): the panel offers them. */
  offer: Offer | null;
  setOffer: (offer: Offer | null) => void;
  auto: SeatAuto;
  /** Several players share this screen (hot-seat): decisions say whose they are. */
  hotSeat: boolean;
  seatName: string;
}

export const UiContext = createContext<Ui | null>(null);

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error("useUi outside a game");
  return ui;
}

/** The prompt's options of one kind, typed. */
export function optionsOf<K extends Action["type"]>(
  prompt: Prompt | null,
  kind: K,
): Array<Extract<Action, { type: K }>> {
  if (!prompt) return [];
  return prompt.options.filter((o): o is Extract<Action, { type: K }> => o.type === kind);
}

/** A decision's own panel, and which of the prompt's options it offers (the others are listed
 * as buttons under it by the generic panel). */
export interface PanelSpec {
  Panel: ComponentType;
  handles: (a: Action) => boolean;
}
