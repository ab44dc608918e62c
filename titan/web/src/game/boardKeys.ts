// Keyboard on the boards (the masterboard and the battleland). What the decision lets act
// (a legion that may move, a highlighted land or hex, a character to pick) is in the Tab
// order; every land, marker and hex can be reached with the arrow keys, which move the focus
// to the nearest one drawn in that direction (so a keyboard user walks the board as it looks,
// and Tab does not have to pass all 96 lands). Enter or Space does what a click does.

/** The items the arrow keys walk between, on either board: every one that takes the focus. */
export const BOARD_ITEMS = "[tabindex]";

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

function centre(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** For the board's <svg> onKeyDown: an arrow key moves the focus to the nearest item drawn
 * in its direction (scored by distance along it plus twice the distance across it). */
export function arrowFocus(e: KeyboardEvent): void {
  const dir = DIRECTIONS[e.key];
  const root = e.currentTarget;
  const from = e.target;
  if (!dir || !(root instanceof Element) || !(from instanceof Element)) return;
  const start = from.closest(BOARD_ITEMS);
  if (!start || !root.contains(start)) return;
  const c = centre(start);
  let best: Element | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const el of root.querySelectorAll(BOARD_ITEMS)) {
    // Not the item itself, nor the land round a marker (or a marker inside the land).
    if (el === start || el.contains(start) || start.contains(el)) continue;
    const p = centre(el);
    const along = (p.x - c.x) * dir[0] + (p.y - c.y) * dir[1];
    if (along < 4) continue;
    const across = Math.abs((p.x - c.x) * dir[1] - (p.y - c.y) * dir[0]);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  e.preventDefault();
  if (best instanceof SVGElement) best.focus();
}

/** How to find a board item again once it is drawn anew. */
function selectorOf(el: Element): string | null {
  const legion = el.getAttribute("data-legion");
  if (legion) return `[data-legion="${legion}"]`;
  const land = el.parentElement?.getAttribute("data-land");
  if (land) return `[data-land="${land}"] > [tabindex]`;
  const hex = el.parentElement?.getAttribute("data-hex");
  if (hex) return `[data-hex="${hex}"] > [tabindex]`;
  return null;
}

/** For an item's onKeyDown: Enter or Space acts as a click (and is not the page's Enter,
 * "done": keys.ts). What it changes may draw the item again elsewhere in the drawing's order
 * (a picked legion is drawn last, highlighted lands above the others), which loses the
 * focus: it is put back on the same land, legion or hex. */
export function onActivate(act: (e: KeyboardEvent) => void): (e: KeyboardEvent) => void {
  return (e: KeyboardEvent) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    const el = e.currentTarget;
    const again = el instanceof Element ? selectorOf(el) : null;
    act(e);
    requestAnimationFrame(() => {
      if (!again || (document.activeElement !== document.body && document.activeElement !== null)) return;
      const found = document.querySelector(again);
      if (found instanceof SVGElement) found.focus();
    });
  };
}
