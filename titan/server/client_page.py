"""A bare game page, until the browser client exists: it shows the seat's view as text, its
events as JSON lines and, when the seat must decide, one button per option of the prompt.
It reads the token from the URL's fragment (``#token=...``), which browsers never send to the
server, listens on the WebSocket (``?token=``: browsers cannot set its headers) and POSTs
actions with the token in the Authorization header. Everything is written as text, never
as HTML: player names come from other players."""

GAME_PAGE = """<!doctype html>
<html lang=en><meta charset=utf-8><meta name=viewport content="width=device-width">
<title>Titan game</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; }
#prompt button { display: block; margin: .2rem 0; font-family: monospace; text-align: left; }
#events { font-family: monospace; font-size: .85em; max-height: 30rem; overflow: auto; }
.error { color: #a00; } table { border-collapse: collapse; } td, th { padding: .1rem .5rem; }
</style>
<p><a href="/">Lobby</a></p>
<h1 id=title>Titan</h1>
<p id=status></p>
<p id=error class=error></p>
<div id=prompt></div>
<h2>Players</h2><table id=players></table>
<h2>Legions</h2><table id=legions></table>
<h2>Events</h2><ol id=events></ol>
<script>
"use strict";
const gameId = decodeURIComponent(location.pathname.split("/")[2]);
const token = new URLSearchParams(location.hash.slice(1)).get("token");
let next = 0;

function el(tag, text) { const e = document.createElement(tag); e.textContent = text; return e; }
function row(table, cells, head) {
  const tr = document.createElement("tr");
  for (const c of cells) tr.append(el(head ? "th" : "td", String(c)));
  table.append(tr);
}

function show(msg) {
  const v = msg.view;
  document.getElementById("title").textContent = "Titan game " + msg.game;
  const who = msg.seat === null ? "a spectator" : v.players[msg.seat].name;
  document.getElementById("status").textContent =
    `You are ${who}. Turn ${v.turn}, ${v.phase}; ${msg.status}` +
    (v.over ? `; winner: ${v.winner === null ? "none" : v.players[v.winner].name}` : "") +
    `; ${v.deciding >= 0 ? v.players[v.deciding].name + " decides" : ""}`;
  const players = document.getElementById("players");
  players.replaceChildren();
  row(players, ["seat", "name", "colour", "score", "alive"], true);
  for (const p of v.players) row(players, [p.index, p.name, p.colour ?? "", p.score, p.alive]);
  const legions = document.getElementById("legions");
  legions.replaceChildren();
  row(legions, ["marker", "owner", "land", "height", "known"], true);
  for (const l of v.legions) row(legions, [l.marker, l.owner, l.land, l.height, l.known.join(" ")]);
  const events = document.getElementById("events");
  msg.events.forEach((e, i) => {
    const li = el("li", JSON.stringify(e));
    li.value = msg.since + i + 1;
    events.append(li);
  });
  events.scrollTop = events.scrollHeight;
  next = msg.next;
  const prompt = document.getElementById("prompt");
  prompt.replaceChildren();
  if (msg.prompt) {
    prompt.append(el("h2", "Your decision: " + msg.prompt.kind));
    for (const option of msg.prompt.options) {
      const b = el("button", JSON.stringify(option));
      b.onclick = () => act(option);
      prompt.append(b);
    }
  }
}

async function act(action) {
  const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/actions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Authorization": "Bearer " + token },
    body: JSON.stringify({ action }),
  });
  const body = await r.json();
  document.getElementById("error").textContent = r.ok ? "" : body.error;
}

function connect() {
  const q = new URLSearchParams({ since: String(next) });
  if (token) q.set("token", token);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws?${q}`);
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "error") document.getElementById("error").textContent = msg.error;
    else show(msg);
  };
  ws.onclose = (e) => { if (e.code < 4000) setTimeout(connect, 2000); };
}
connect();
</script>
</html>
"""
