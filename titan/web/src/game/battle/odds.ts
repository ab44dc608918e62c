// The chance of each number of hits: a strike rolls `dice` dice and each die showing the
// strike number or more hits (12.3), so hits follow a binomial law with p = (7 - sn) / 6.

export function hitChance(strikeNumber: number): number {
  return Math.max(0, Math.min(6, 7 - strikeNumber)) / 6;
}

/** P(exactly k hits) for k = 0..dice. */
export function hitDistribution(dice: number, strikeNumber: number): number[] {
  const p = hitChance(strikeNumber);
  const out: number[] = [];
  let binom = 1;
  for (let k = 0; k <= dice; k++) {
    out.push(binom * p ** k * (1 - p) ** (dice - k));
    binom = (binom * (dice - k)) / (k + 1);
  }
  return out;
}

export function expectedHits(dice: number, strikeNumber: number): number {
  return dice * hitChance(strikeNumber);
}

/** P(at least `need` hits). */
export function atLeast(dice: number, strikeNumber: number, need: number): number {
  return hitDistribution(dice, strikeNumber).reduce((s, q, k) => (k >= need ? s + q : s), 0);
}

export function percent(p: number): string {
  if (p > 0 && p < 0.005) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return `${Math.round(p * 100)}%`;
}
