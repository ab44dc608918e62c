// The browser's own notifications (the Notification API): whether this site may show them, and
// the button that asks (browsers let a page ask only from a click). game/notify.ts shows one
// when a seat must decide while its page is in the background.
import { useState } from "preact/hooks";

/** "granted", "denied", "default" (not asked yet) or "unsupported" (no Notification API). */
export function notificationPermission(): NotificationPermission | "unsupported" {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** Asks the browser for permission; call it from a click. */
export async function askNotifications(): Promise<NotificationPermission | "unsupported"> {
  if (typeof Notification === "undefined") return "unsupported";
  return Notification.permission === "default" ? Notification.requestPermission() : Notification.permission;
}

/** The button that asks the browser to show a notification when this seat must decide while
 * the page is in the background (browsers let a page ask only from a click). */
export function BrowserNotices() {
  const [permission, setPermission] = useState(notificationPermission());
  if (permission === "unsupported") return null;
  if (permission === "granted")
    return <p class="hint">This browser shows a notification when you must decide in the background.</p>;
  if (permission === "denied")
    return <p class="hint">This browser blocks notifications from this site (its settings can allow them).</p>;
  return (
    <button
      type="button"
      class="secondary"
      data-action="allow-notifications"
      onClick={() => void askNotifications().then(setPermission)}
    >
      Notify me when it is my move
    </button>
  );
}
