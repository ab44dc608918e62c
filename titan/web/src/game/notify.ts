// When it becomes this seat's turn to decide: the tab's title says so, a short tone sounds if
// the page is in the background (a remote player may be doing something else), and, when the
// player has allowed it, the system shows a notification. Permission is asked only from a
// button (browsers refuse, or remember a refusal, when a page asks unprompted): the one in the
// Preferences panel and the one in the account's settings (browserNotices.tsx).
import { useEffect } from "preact/hooks";
import { notificationPermission } from "../browserNotices";

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

function systemNotice(name: string): void {
  if (notificationPermission() !== "granted") return;
  try {
    const notice = new Notification("Titan: your move", {
      body: name ? `${name} must decide.` : "A seat of yours must decide.",
      tag: `titan-turn:${location.pathname}`, // one at a time per game, replaced, not piled up
    });
    notice.onclick = () => {
      window.focus();
      notice.close();
    };
  } catch {
    // some browsers allow notifications only from a service worker: the title and tone remain
  }
}

export function useTurnNotice(yourTurn: boolean, name: string): void {
  useEffect(() => {
    document.title = yourTurn ? `▶ Your move${name ? `, ${name}` : ""} · Titan` : "Titan";
    if (yourTurn && document.hidden) {
      chime();
      systemNotice(name);
    }
  }, [yourTurn, name]);
}
