// The polite live region the card surface and the trainer share (Python puts this file before each
// widget's own script: anywidget's ``_esm`` is one text, and the kit has no build step).
// A widget keeps one region of its own across redraws (a region drawn anew every time would go
// unheard): the drawn HTML names what to say in ``data-announce``, with ``data-announce-key``
// telling a new event (a trick, a verdict) from a redraw of the same one. Nothing is said on the
// first draw (the page just opened).
const HIDDEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;"
  + "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;";

function liveRegion(el) {
  const live = document.createElement("div");
  live.className = "sk-live";
  live.setAttribute("data-sk-live", "");
  live.setAttribute("data-role", "announce");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  live.setAttribute("style", HIDDEN);
  el.appendChild(live);
  return live;
}

function announcements(el) {
  return [...el.querySelectorAll("[data-announce-key]")].map((node) => ({
    key: node.getAttribute("data-announce-key"),
    text: node.getAttribute("data-announce") || "",
  }));
}

// The widget's live region (appended to ``el``) and ``heard(lang)``, called after each draw: it says
// in the region what the draw announces and the draw before did not.
function announcer(el) {
  const live = liveRegion(el);
  let said = null;  // the announcement keys of the last draw (null before the first)
  const heard = (lang) => {
    live.setAttribute("lang", lang);
    const now = announcements(el);
    if (said !== null) {
      const fresh = now.filter((one) => one.text && !said.includes(one.key));
      if (fresh.length) live.textContent = fresh.map((one) => one.text).join(" ");
    }
    said = now.map((one) => one.key);
  };
  return { live, heard };
}
