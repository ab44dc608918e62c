// The lobby (placeholder).
export function Lobby() {
  return <main class="lobby"><h1>Titan</h1></main>;
}
