// The battleland (placeholder until drawn).
import type { BattleView } from "../wire";

export function Battle(props: { battle: BattleView }) {
  return <svg class="battleland" viewBox="0 0 100 100" data-terrain={props.battle.terrain} />;
}
