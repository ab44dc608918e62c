// Actions in words, for buttons and offers. (Events in words: events.ts.)
import type { Action, Proposal } from "./wire";

export function losses(names: string[]): string {
  return names.length ? names.join(", ") : "nothing";
}

export function describeProposal(p: Proposal): string {
  return `attacker loses ${losses(p.attacker_losses)}; defender loses ${losses(p.defender_losses)}`;
}

export function describeAction(a: Action): string {
  switch (a.type) {
    case "choose_colour":
      return `Choose ${a.colour}`;
    case "withdraw":
      return "Withdraw from the game";
    case "split":
      return `Split ${a.characters.join(", ")} from ${a.legion} into ${a.marker}`;
    case "done_splitting":
      return "Done splitting";
    case "mulligan":
      return "Mulligan: roll again";
    case "move": {
      const how =
        a.teleport === "tower"
          ? ` by tower teleport (showing ${a.lord ?? "a lord"})`
          : a.teleport === "titan"
            ? " by Titan teleport"
            : "";
      const side = a.side ? `, entering from the ${a.side}` : "";
      return `Move ${a.legion} to ${a.land}${how}${side}`;
    }
    case "undo_move":
      return `Undo the move of ${a.legion}`;
    case "done_moving":
      return "Done moving";
    case "keep_marker":
      return `Keep marker ${a.marker}`;
    case "engage":
      return `Resolve the engagement in land ${a.land}`;
    case "flee":
      return "Flee";
    case "dont_flee":
      return "Stand and face them";
    case "propose":
      return a.proposals.length === 1 && a.proposals[0]
        ? `Propose: ${describeProposal(a.proposals[0])}`
        : `Propose ${a.proposals.length} agreements`;
    case "accept":
      return `Accept: ${describeProposal(a.proposal)}`;
    case "no_more_proposals":
      return "No more proposals";
    case "concede":
      return "Concede";
    case "fight":
      return "Fight";
    case "summon":
      return `Summon ${a.lord} from ${a.donor}`;
    case "acquire":
      return `Take an ${a.lord}`;
    case "decline":
      return "Decline";
    case "muster":
      return `Muster ${a.creature} in ${a.legion}${a.reveal?.length ? ` (showing ${a.reveal.join(", ")})` : ""}`;
    case "done_mustering":
      return "Done mustering";
    case "battle_move":
      return a.frm ? `${a.name}: ${a.frm} to ${a.to}` : `${a.name} enters at ${a.to}`;
    case "reset_maneuver":
      return "Undo all maneuvers";
    case "end_phase":
      return "End the phase";
    case "strike":
      return `${a.ranged ? "Rangestrike" : "Strike"} from ${a.frm} at ${a.target}: ${a.dice} dice, strike number ${a.strike_number}`;
    case "carry_over":
      return a.to.length ? `Carry over to ${a.to.join(", ")}` : "Carry nothing over";
  }
}
