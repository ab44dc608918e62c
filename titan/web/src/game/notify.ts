// When it becomes this seat's turn to decide: the tab's title says so, and a short tone
// sounds if the page is in the background (a remote player may be doing something else).
import { useEffect } from "preact/hooks";

let audio: AudioContext | null = null;

function chime(): void {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.4);
  } catch {
    // no audio here: the title still tells
  }
}

export function useTurnNotice(yourTurn: boolean, name: string): void {
  useEffect(() => {
    document.title = yourTurn ? `▶ Your move${name ? `, ${name}` : ""} · Titan` : "Titan";
    if (yourTurn && document.hidden) chime();
  }, [yourTurn, name]);
}
