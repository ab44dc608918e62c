"""A player who plays the browser client by clicking only, as a person would: it reads the
decision panel (``data-prompt``), picks on the boards (``data-legion``, ``data-land``,
``data-fighter``, ``data-hex``, ``data-target``) and presses the controls (``data-action``).
It never calls the API. Its policy is simple but purposeful, so that a game reaches what the
tests must see: it splits, moves toward the enemy and attacks, musters, fights every battle
to its end, strikes whenever it can and takes carry-over when offered. With ``touch`` it taps
(touch events, as on a phone) instead of clicking with a mouse."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

LANDS_FILE = Path(__file__).resolve().parents[2] / "titan/variants/default/masterboard.json"
AVOID = {"withdraw", "concede", "flee", "decline", "no_more_proposals", "mulligan"}


@cache
def _cells() -> dict[int, tuple[int, int]]:
    lands = json.loads(LANDS_FILE.read_text("utf-8"))["lands"]
    return {int(x["label"]): (int(x["col"]), int(x["row"])) for x in lands}


def _distance(a: int, b: int) -> int:
    """A rough distance between two lands on the grid (enough to head toward someone)."""
    (c1, r1), (c2, r2) = _cells()[a], _cells()[b]
    return abs(c1 - c2) + abs(r1 - r2)


@dataclass
class Seen:
    """What the game showed this player, for the tests' assertions."""

    decisions: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    carried: int = 0


class ClickPlayer:
    def __init__(self, page: Page, attack_from_turn: int = 1, touch: bool = False) -> None:
        self.page = page
        self.touch = touch
        self.attack_from_turn = attack_from_turn  # before it, enemy lands are avoided
        self.seen = Seen()
        self._tried: set[str] = set()  # legions tried this movement phase without a target
        self._phase_key = ""

    # --- reading the screen ------------------------------------------------------------------

    def prompt(self) -> str:
        """The decision this seat faces ("none" while others decide)."""
        panel = self.page.locator("[data-prompt]").first
        return panel.get_attribute("data-prompt") or "none"

    def version(self) -> int:
        return int(self.page.locator("main.game").get_attribute("data-version") or -1)

    def wait_decision(self, timeout_ms: float = 60_000) -> str:
        """Until this seat must decide (or the game is over)."""
        self.page.wait_for_function(
            """() => {
                const p = document.querySelector('[data-prompt]');
                const over = document.querySelector('[data-prompt="game_over"]');
                return over || document.querySelector('[data-handover]')
                    || (p && p.getAttribute('data-prompt') !== 'none'
                        && !document.querySelector('main.game[data-busy]'));
            }""",
            timeout=timeout_ms,
        )
        if self.page.locator("[data-handover]").count():
            return "handover"
        return self.prompt()

    def my_seat(self) -> int:
        return int(self.page.locator("main.game").get_attribute("data-seat") or -1)

    def _attrs(self, selector: str, *names: str) -> list[list[str]]:
        """The attributes of every element matching ``selector``, read in one go (the page
        re-renders as the server's messages arrive: elements must not be read one by one)."""
        rows: list[list[str]] = self.page.evaluate(
            "([sel, names]) => [...document.querySelectorAll(sel)]"
            ".map(el => names.map(n => el.getAttribute(n) ?? ''))",
            [selector, list(names)],
        )
        return rows

    def legions(self) -> list[tuple[str, int, int]]:
        """(marker, owner, land) of every legion on the masterboard."""
        rows = self._attrs("[data-legion][data-at]", "data-legion", "data-owner", "data-at")
        return [(m, int(o), int(at)) for m, o, at in rows]

    # --- acting ------------------------------------------------------------------------------

    def hit(self, loc: Locator) -> None:
        """A click, or a tap on a touch screen."""
        if self.touch:
            loc.tap()
        else:
            loc.click()

    def _click(self, loc: Locator, kind: str) -> None:
        before = self.version()
        self.hit(loc)
        self.seen.actions[kind] += 1
        offer = self.page.locator("[data-offer] button[data-action]")
        if offer.count():
            # A strike with a penalty that lets the excess carry over (errata 11.7) is taken
            # when offered, so that games show carry-over.
            carry = self.page.locator(
                "[data-offer] button[data-action]", has_text="carry-over allowed"
            )
            self.hit((carry if carry.count() else offer).first)
        self._settle(before)

    def _settle(self, before: int) -> None:
        """Until the screen shows the answer to the last action (its version moved on)."""
        self.page.wait_for_function(
            "v => Number(document.querySelector('main.game')?.dataset.version) > v"
            " || !!document.querySelector('[data-error]')"
            " || !!document.querySelector('[data-handover]')",
            arg=before,
            timeout=60_000,
        )
        error = self.page.locator("[data-error]")
        if error.count():
            raise AssertionError(f"the server refused a click: {error.first.inner_text()}")

    def _button(self, kind: str) -> Locator | None:
        loc = self.page.locator(f"[data-prompt] [data-action='{kind}']:not(:disabled)")
        return loc.first if loc.count() else None

    def _press(self, *kinds: str) -> bool:
        for kind in kinds:
            b = self._button(kind)
            if b is not None:
                self._click(b, kind)
                return True
        return False

    def _press_or_any(self, *kinds: str) -> None:
        if not self._press(*kinds):
            self._any()

    def _any(self) -> None:
        """The first control of the panel that does not give up anything."""
        controls = self._attrs("[data-prompt] [data-action]:not(:disabled)", "data-action")
        kinds = [k for (k,) in controls]
        for kind in kinds:
            if kind not in AVOID:
                self._click(self.page.locator(f"[data-prompt] [data-action='{kind}']").first, kind)
                return
        for kind in ("decline", "no_more_proposals"):
            if self._press(kind):
                return
        raise AssertionError(f"nothing to press for {self.prompt()}")

    def step(self) -> str:
        """Make this seat's current decision by clicking; returns its kind."""
        kind = self.wait_decision()
        if kind == "handover":
            return kind  # a hot-seat hand-over: the caller decides who comes to the screen
        self.seen.decisions[kind] += 1
        if kind == "game_over":
            return kind
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            self._any()
        else:
            handler()
        return kind

    # --- the masterboard -----------------------------------------------------------------------

    def _on_split(self) -> None:
        # The starting legion must split 4 + 4 (5.2); later ones are left whole.
        tall = self.page.locator("[data-legion][data-can-act][data-height='8']")
        if not tall.count():
            self._press_or_any("done_splitting")
            return
        legion = tall.first
        if not self.page.locator("[data-split-legion]").count():
            self.hit(legion)
        fill = self.page.locator("[data-fill-split]").first
        names = (fill.get_attribute("data-fill-split") or "").split(",")
        boxes = self.page.locator("[data-split-legion] input[data-character]")
        ticked: set[int] = set()
        for name in names:
            for i in range(boxes.count()):
                if i not in ticked and boxes.nth(i).get_attribute("data-character") == name:
                    if self.touch:
                        boxes.nth(i).tap()
                    else:
                        boxes.nth(i).check()
                    ticked.add(i)
                    break
        self._click(self.page.locator("[data-action='split']:not(:disabled)").first, "split")

    def _on_move(self) -> None:
        me = self.my_seat()
        everyone = self.legions()
        enemies = [land for _, owner, land in everyone if owner != me]
        movable = [
            m
            for (m,) in self._attrs("[data-legion][data-can-act]", "data-legion")
            if m not in self._tried
        ]
        if not movable:
            self._tried.clear()
            if self._press("done_moving"):
                return
            self._any()
            return
        titan = self._titan_legion(me, everyone)
        marker = next((m for m in movable if m != titan), movable[0])
        targets = self._targets_of(marker)
        self._tried.add(marker)
        if not targets:
            return
        turn = int(self.page.locator("main.game").get_attribute("data-turn") or 0)
        safe = [t for t in targets if t not in enemies]
        if (turn < self.attack_from_turn or marker == titan) and safe:
            targets = safe
        attack = [t for t in targets if t in enemies]
        if attack:
            land = attack[0]  # attack where an enemy stands
        elif enemies and marker == titan:  # the Titan keeps away from them (19.3)
            land = max(targets, key=lambda t: min(_distance(t, e) for e in enemies))
        elif enemies:  # the others head for the nearest
            land = min(targets, key=lambda t: min(_distance(t, e) for e in enemies))
        else:
            land = targets[0]
        home = next((at for m, _o, at in everyone if m == marker), None)
        for _ in range(3):
            target = self.page.locator(f"[data-land='{land}'][data-target]")
            if land == home:  # round back home (errata 6.2): its marker covers the land
                target = self.page.locator(f"[data-prompt] [data-move-to='{land}']")
            if target.count():
                self._click(target.first, "move")
                return
            self._targets_of(marker)  # the selection was lost to a re-render: pick it again
        raise AssertionError(f"land {land} is no longer offered to {marker}")

    def _targets_of(self, marker: str) -> list[int]:
        """Select one of our legions (unless it is) and read the lands it may move to."""
        if not self.page.locator(f"[data-legion='{marker}'][data-selected]").count():
            self.hit(self.page.locator(f"[data-legion='{marker}']").first)
        return [int(x) for (x,) in self._attrs("[data-land][data-target]", "data-land")]

    def _titan_legion(self, me: int, everyone: list[tuple[str, int, int]]) -> str | None:
        for marker, owner, _land in everyone:
            if owner == me and "Titan" in self.contents_of(marker):
                return marker
        return None

    def _on_engage(self) -> None:
        self._press_or_any("engage")

    def _on_flee(self) -> None:
        self._press_or_any("dont_flee")

    def _on_negotiate(self) -> None:
        self._press_or_any("fight", "no_more_proposals")

    def _on_negotiate_final(self) -> None:
        self._press_or_any("fight")

    def _on_muster(self) -> None:
        self._press_or_any("muster", "done_mustering")

    def _on_reinforce(self) -> None:
        self._press_or_any("muster", "decline")

    def _on_summon(self) -> None:
        self._press_or_any("summon", "decline")

    def _on_acquire(self) -> None:
        self._press_or_any("acquire", "decline")

    # --- the battleland ------------------------------------------------------------------------

    def _pick_fighter_with_targets(self) -> bool:
        """Select one of our characters that has somewhere to go (or someone to strike)."""
        for (key,) in self._attrs("[data-fighter][data-pickable]", "data-fighter"):
            self.hit(self.page.locator(f"[data-fighter='{key}']").first)
            if self.page.locator("[data-hex][data-target]").count():
                return True
        return False

    def _on_maneuver(self) -> None:
        if self._pick_fighter_with_targets():
            hexes = self.page.locator("[data-hex][data-target]")
            self._click(hexes.nth(hexes.count() // 2), "battle_move")
            return
        self._press_or_any("end_phase")

    def _on_strike(self) -> None:
        if self._pick_fighter_with_targets():
            self._click(self.page.locator("[data-hex][data-target]").first, "strike")
            return
        self._press_or_any("end_phase")

    _on_counterstrike = _on_strike

    def _on_carry_over(self) -> None:
        for (to,) in self._attrs("[data-prompt] [data-action='carry_over']", "data-to"):
            if to:
                self.seen.carried += 1
                loc = self.page.locator(f"[data-prompt] [data-action='carry_over'][data-to='{to}']")
                self._click(loc.first, "carry_over")
                return
        self._any()

    def _on_battle_may_concede(self) -> None:
        self._press_or_any("decline")

    def _on_concession_offered(self) -> None:
        self._press_or_any("decline")

    # --- what the screen shows of a legion -----------------------------------------------------

    def contents_of(self, marker: str) -> str:
        """The contents shown for a legion when the pointer rests on its marker (again, if a
        re-render of the board took the shown contents away before they were read)."""
        legion = self.page.locator(f"[data-legion='{marker}']").first
        shown = self.page.locator(f"[data-contents='{marker}']").first
        for attempt in range(3):
            legion.dispatch_event("mouseenter")
            try:
                text = shown.inner_text(timeout=5_000 if attempt < 2 else None)
            except PlaywrightTimeout:
                continue
            finally:
                legion.dispatch_event("mouseleave")
            return text
        raise AssertionError(f"the contents of {marker} are not shown")
