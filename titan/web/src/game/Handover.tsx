// Hot-seat: between two local players' decisions, a blank screen that shows nothing of the
// game until the next player says they are at the screen.
export function Handover(props: { name: string; onReady: () => void }) {
  return (
    <main class="handover" data-handover>
      <h1>Pass the screen to {props.name}</h1>
      <p>The board stays hidden until {props.name} is ready.</p>
      <button data-action="handover" autofocus onClick={props.onReady}>
        I am {props.name}: show my game
      </button>
    </main>
  );
}
