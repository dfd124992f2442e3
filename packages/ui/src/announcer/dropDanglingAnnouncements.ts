/** The announcements react-aria's live announcer holds, each naming its text by aria-labelledby. */
const labelledAnnouncements = '[data-live-announcer] [aria-labelledby]';

/** How long after a press react-aria may still add its first announcement (it waits 100 ms on first use). */
const lateAnnouncementMs = 500;

function dropNow(): void {
  for (const node of document.querySelectorAll(labelledAnnouncements)) {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.some((id) => document.getElementById(id))) node.remove();
  }
}

/**
 * Removes the live announcer's entries that name only elements no longer in the document. A pending
 * Button announces "busy" as a `role="img"` pointing at its own label; when the screen moves on (the
 * completion page after a submit), that image would name nothing for its seven seconds (axe: role-img-alt).
 * Call it once such an element has gone. react-aria adds the first announcement of a page after a short
 * delay, so one arriving just after the removal is dropped too.
 */
export function dropDanglingAnnouncements(): void {
  if (typeof document === 'undefined') return;
  dropNow();
  const announcer = document.querySelector('[data-live-announcer]');
  if (!announcer) return;
  const observer = new MutationObserver(dropNow);
  observer.observe(announcer, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), lateAnnouncementMs);
}
