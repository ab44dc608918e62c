// The seat's standing choices (automation.ts), folded away under the decision panel; and the
// standing Concede button shown through an engagement (9.4: the concession itself is made at the
// next point the rules give, which may be at once).
import { useState } from "preact/hooks";
import { BrowserNotices } from "../browserNotices";
import { mayConcedeLater, PREF_LABELS, type Prefs } from "./automation";
import { optionsOf, useUi } from "./ui";

export function Preferences() {
  const ui = useUi();
  if (ui.view.you === null) return null;
  const { prefs, setPrefs } = ui.auto;
  const keys = Object.keys(PREF_LABELS) as Array<keyof Prefs>;
  return (
    <details class="preferences" data-preferences>
      <summary>Automation{ui.hotSeat ? ` for ${ui.seatName}` : ""}</summary>
      {keys.map((k) => (
        <label style={{ display: "block" }}>
          <input
            type="checkbox"
            data-pref={k}
            checked={prefs[k]}
            onChange={(e) => setPrefs({ ...prefs, [k]: e.currentTarget.checked })}
          />{" "}
          {PREF_LABELS[k]}
        </label>
      ))}
      <p style={{ fontSize: ".85em", margin: ".2rem 0" }}>
        Each answer given for you is written in the log (“automatically: …”).
      </p>
      <BrowserNotices />
    </details>
  );
}

/** Concede the engagement: now if this decision offers it, else at the next point the rules
 * give (answered for the player by autoplay.ts); asked once to confirm, and revocable until
 * then. Offered a concession by the opponent, the player answers that question instead. */
export function ConcedeButton() {
  const ui = useUi();
  const [asking, setAsking] = useState(false);
  const kind = ui.prompt?.kind;
  // These two questions have their own Concede button.
  if (!mayConcedeLater(ui.view) || kind === "concession_offered" || kind === "battle_may_concede") return null;
  const now = optionsOf(ui.prompt, "concede")[0];
  const { conceding, setConceding } = ui.auto;
  const attempt = kind === "maneuver" || kind === "strike" || kind === "counterstrike";
  if (conceding) {
    return (
      <div class="concede armed" data-conceding>
        <p>You will concede at the next point the rules give (9.4): your legion is eliminated.</p>
        <button type="button" class="secondary" data-action="cancel-concede" onClick={() => setConceding(false)}>
          Don't concede
        </button>
      </div>
    );
  }
  if (asking) {
    return (
      <div class="concede" data-confirm-concede>
        <p>
          Concede {now ? "now" : "at the next point the rules give"}? Your whole legion is eliminated and your opponent
          wins (9.4){now ? "" : "; until then you can take it back"}
          {attempt ? ". In a battle turn this is an attempt: your opponent may concede instead (errata 9.4)" : ""}.
        </p>
        <button
          type="button"
          data-action="concede"
          style={{ color: "var(--warn)" }}
          disabled={ui.busy}
          onClick={() => {
            setAsking(false);
            if (now) ui.act(now);
            else setConceding(true);
          }}
        >
          Yes, concede
        </button>
        <button type="button" class="secondary" onClick={() => setAsking(false)}>
          No
        </button>
      </div>
    );
  }
  return (
    <div class="concede">
      <button type="button" data-ask-concede onClick={() => setAsking(true)} title="Concede the engagement (9.4)">
        Concede…
      </button>
    </div>
  );
}
