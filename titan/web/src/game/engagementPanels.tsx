// Panels of the engagement decisions before any battle: the defender's flight (9.2), then
// negotiation by sets of proposals (errata 9.3), and the last word once one side has declared
// it will make no more proposals (errata 2.5.5: accept, concede or fight). Every button sends
// one of the prompt's options, or a Propose naming proposals from `prompt.proposals` only.
import { useEffect, useMemo, useState } from "preact/hooks";
import { styleOf } from "../colours";
import { list } from "../events";
import type { Action, Decision, Proposal, Side } from "../wire";
import { BattleEstimate } from "./BattleEstimate";
import { sideOf } from "./battle/interaction";
import { optionsOf, type PanelSpec, useUi } from "./ui";

function sameProposal(a: Proposal, b: Proposal): boolean {
  const eq = (x: string[], y: string[]) => x.length === y.length && x.every((n, i) => n === y[i]);
  return eq(a.attacker_losses, b.attacker_losses) && eq(a.defender_losses, b.defender_losses);
}

function keyOf(p: Proposal): string {
  return `${p.attacker_losses.join("+")}|${p.defender_losses.join("+")}`;
}

/** One engaged legion: whose, its marker, its height and what this seat knows it holds. */
function LegionCard(props: { marker: string; side: Side }) {
  const { view } = useUi();
  const legion = view.legions.find((l) => l.marker === props.marker);
  const owner = legion ? view.players[legion.owner] : undefined;
  const style = styleOf(owner?.colour);
  const unknown = legion ? Math.max(0, legion.height - legion.known.length) : 0;
  return (
    <div class="legion-card" data-legion-card={props.marker} style={{ borderColor: style.fill }}>
      <div class="legion-head">
        <span class="swatch" style={{ background: style.fill }} />
        <b>{props.marker}</b>
        <span class="role">{props.side}</span>
        <span class="owner">{owner ? (owner.index === view.you ? "you" : owner.name) : ""}</span>
        {legion && <span class="height">{legion.height} high</span>}
      </div>
      <div class="contents" data-contents>
        {legion?.known.map((n) => (
          <span class="chip">{n}</span>
        ))}
        {Array.from({ length: unknown }, () => (
          <span class="chip unknown" title="Not known to you">
            ?
          </span>
        ))}
        {!legion && <span class="chip unknown">gone</span>}
      </div>
    </div>
  );
}

function Legions() {
  const { view } = useUi();
  const eng = view.engagement;
  if (!eng) return null;
  return (
    <div class="legions" data-engagement={eng.land}>
      <p class="where">Engagement in land {eng.land}</p>
      <LegionCard marker={eng.attacker} side="attacker" />
      <LegionCard marker={eng.defender} side="defender" />
      <BattleEstimate />
    </div>
  );
}

// --- flight (9.2) ---------------------------------------------------------------------------

function FleePanel() {
  const ui = useUi();
  const flee = optionsOf(ui.prompt, "flee")[0];
  const stay = optionsOf(ui.prompt, "dont_flee")[0];
  return (
    <div class="engagement-panel" data-panel="flee">
      <Legions />
      <p class="rule">
        Rule 9.2: your legion has no lord, so it may flee. It is then eliminated and the attacker wins with no losses,
        scoring only half its value. If you stay, negotiation or battle follows, and you may not flee later.
      </p>
      <div class="choices">
        {flee && (
          <button type="button" data-action="flee" onClick={() => ui.act(flee)} disabled={ui.busy}>
            Flee
          </button>
        )}
        {stay && (
          <button type="button" class="primary" data-action="dont_flee" onClick={() => ui.act(stay)} disabled={ui.busy}>
            Don't flee
          </button>
        )}
      </div>
    </div>
  );
}

// --- negotiation (errata 9.3, 2.5.5) --------------------------------------------------------

/** A proposal from the viewer's side of the table: what each of the two loses. */
function ProposalText(props: { p: Proposal; me: Side | null }) {
  const { view } = useUi();
  const eng = view.engagement;
  const height = (m: string | undefined) => view.legions.find((l) => l.marker === m)?.height ?? -1;
  const part = (side: Side, losses: string[]) => {
    const marker = side === "attacker" ? eng?.attacker : eng?.defender;
    const whole = losses.length > 0 && losses.length === height(marker);
    const who = props.me === side ? "you lose" : props.me ? "they lose" : `${side} loses`;
    return (
      <span class={whole ? "loss whole" : "loss"}>
        {who} {whole ? <b>everything</b> : list(losses)}
        {whole ? ` (${list(losses)})` : ""}
      </span>
    );
  };
  const first: Side = props.me ?? "attacker";
  const second: Side = first === "attacker" ? "defender" : "attacker";
  const lossesOf = (s: Side) => (s === "attacker" ? props.p.attacker_losses : props.p.defender_losses);
  return (
    <span class="proposal-text">
      {part(first, lossesOf(first))}; {part(second, lossesOf(second))}
    </span>
  );
}

/** The opponent's proposals: each may be accepted (its Accept is one of the prompt's options). */
function TheirProposals(props: { me: Side }) {
  const ui = useUi();
  const accepts = optionsOf(ui.prompt, "accept");
  if (!accepts.length) return <p class="none">Your opponent has made no proposal.</p>;
  return (
    <ul class="proposals theirs">
      {accepts.map((a) => (
        <li data-proposal={keyOf(a.proposal)}>
          <ProposalText p={a.proposal} me={props.me} />
          <button type="button" class="primary" data-action="accept" onClick={() => ui.act(a)} disabled={ui.busy}>
            Accept
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Errata 9.3: a set of proposals, at least one new, none the opponent's: checkboxes over the
 * prompt's proposals, grouped by which legion the agreement eliminates. */
function ProposalBuilder(props: { me: Side; mine: Proposal[] }) {
  const ui = useUi();
  const offered = ui.prompt?.proposals ?? [];
  // Proposals already made are not offered again: they stand (9.3) and add nothing new.
  const fresh = useMemo(
    () => offered.filter((p) => !props.mine.some((m) => sameProposal(m, p))),
    [offered, props.mine],
  );
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  useEffect(() => setChosen(new Set()), [ui.prompt]);
  const eng = ui.view.engagement;
  const height = (m: string | undefined) => ui.view.legions.find((l) => l.marker === m)?.height ?? -1;
  const mineWhole = (p: Proposal) =>
    props.me === "attacker"
      ? p.attacker_losses.length === height(eng?.attacker)
      : p.defender_losses.length === height(eng?.defender);
  const theirsWhole = (p: Proposal) =>
    props.me === "attacker"
      ? p.defender_losses.length === height(eng?.defender)
      : p.attacker_losses.length === height(eng?.attacker);
  const groups: Array<{ title: string; items: Proposal[] }> = [
    { title: "They are eliminated; you lose…", items: fresh.filter((p) => theirsWhole(p) && !mineWhole(p)) },
    { title: "You are eliminated; they lose…", items: fresh.filter((p) => mineWhole(p) && !theirsWhole(p)) },
    { title: "Both are eliminated (no points, 9.3)", items: fresh.filter((p) => mineWhole(p) && theirsWhole(p)) },
  ];
  const other = fresh.filter((p) => !groups.some((g) => g.items.includes(p)));
  if (other.length) groups.push({ title: "Other", items: other });
  const toggle = (k: string) => {
    const next = new Set(chosen);
    if (next.has(k)) next.delete(k);
    else next.add(k);
    setChosen(next);
  };
  const picked = fresh.filter((p) => chosen.has(keyOf(p)));
  const propose: Action = { type: "propose", proposals: picked };
  if (!fresh.length) return <p class="none">No new proposal is possible.</p>;
  return (
    <div class="builder" data-builder>
      {groups
        .filter((g) => g.items.length)
        .map((g, gi) => (
          <details open={gi === 0}>
            <summary>
              {g.title} <span class="count">({g.items.length})</span>
            </summary>
            <ul class="proposals pick">
              {g.items.map((p) => {
                const k = keyOf(p);
                return (
                  <li>
                    <label data-proposal={k}>
                      <input type="checkbox" checked={chosen.has(k)} onChange={() => toggle(k)} />
                      <ProposalText p={p} me={props.me} />
                    </label>
                  </li>
                );
              })}
            </ul>
          </details>
        ))}
      <button
        type="button"
        class="primary"
        data-action="propose"
        disabled={ui.busy || picked.length === 0}
        onClick={() => ui.act(propose)}
      >
        Propose {picked.length === 0 ? "" : picked.length === 1 ? "this" : `these ${picked.length}`}
      </button>
      {picked.length > 0 && (
        <button type="button" class="secondary" onClick={() => setChosen(new Set())}>
          Clear
        </button>
      )}
    </div>
  );
}

function NegotiatePanel() {
  const ui = useUi();
  const { view, prompt } = ui;
  const eng = view.engagement;
  const me = eng ? sideOf(eng, view.you) : null;
  const neg = eng?.negotiation ?? null;
  if (!eng || !me || !prompt) return <Legions />;
  const mine = me === "attacker" ? (neg?.attacker_proposals ?? []) : (neg?.defender_proposals ?? []);
  const final = prompt.kind === "negotiate_final";
  const declared = neg?.no_more ?? null;
  return (
    <div class="engagement-panel" data-panel={prompt.kind}>
      <Legions />
      {final ? (
        <p class="rule">
          {declared === me ? "You have" : "Your opponent has"} declared no more proposals (errata 9.3): accept one of
          the opponent's proposals, concede, or fight the battle out (2.5.5).
        </p>
      ) : (
        <p class="rule">
          Errata 9.3: fight, propose a set of agreements (one side at least is wholly eliminated), accept one of your
          opponent's, or concede.
        </p>
      )}
      <h3>Their proposals</h3>
      <TheirProposals me={me} />
      {mine.length > 0 && (
        <>
          <h3>Your proposals so far</h3>
          <ul class="proposals mine">
            {mine.map((p) => (
              <li data-proposal={keyOf(p)}>
                <ProposalText p={p} me={me} />
              </li>
            ))}
          </ul>
        </>
      )}
      <FightButton final={final} />
      {!final && (
        <>
          <h3>Or make proposals</h3>
          <ProposalBuilder me={me} mine={mine} />
        </>
      )}
    </div>
  );
}

/** Errata 9.3, 2.5.5: to fight is to make no more proposals; then the opponent has the last
 * word (accept one of yours, concede, or fight). Once the opponent has said it, Fight fights. */
function FightButton(props: { final: boolean }) {
  const ui = useUi();
  const fight = optionsOf(ui.prompt, "fight")[0];
  const noMore = optionsOf(ui.prompt, "no_more_proposals")[0];
  const action = props.final ? fight : noMore;
  if (!action) return null;
  return (
    <div class="fight" data-fight>
      <button type="button" class="primary" data-action={action.type} onClick={() => ui.act(action)} disabled={ui.busy}>
        {props.final ? "Fight the battle" : "Fight: no more proposals"}
      </button>
      <p class="rule" style={{ fontSize: ".85em" }}>
        {props.final
          ? "The battle begins (errata 2.5.5)."
          : "Your opponent then accepts one of your proposals, concedes, or the battle is fought (errata 9.3)."}
      </p>
    </div>
  );
}

const negotiation: PanelSpec = {
  Panel: NegotiatePanel,
  // Accept is offered beside each proposal, Fight (or no more proposals) under them; conceding
  // is the standing Concede button's (Preferences.tsx).
  handles: (a) => a.type === "accept" || a.type === "propose" || a.type === "fight" || a.type === "no_more_proposals",
};

export const ENGAGEMENT_PANELS: Partial<Record<Decision, PanelSpec>> = {
  flee: { Panel: FleePanel, handles: (a) => a.type === "flee" || a.type === "dont_flee" },
  negotiate: negotiation,
  negotiate_final: negotiation,
};
