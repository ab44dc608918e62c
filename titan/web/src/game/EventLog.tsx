// The game's history in sentences.
import type { Event } from "../wire";

export function EventLog(props: { events: Event[] }) {
  return (
    <section class="log">
      <ol>
        {props.events.map((e) => <li>{e.type}</li>)}
      </ol>
    </section>
  );
}
