// The masterboard (placeholder until drawn).
import { useUi } from "./ui";

export function Board() {
  const { view } = useUi();
  return <svg class="masterboard" viewBox="0 0 100 100" data-legions={view.legions.length} />;
}
