// Links on a Voila page (issue 20): an in-page link (#s2, or this page's own address with #s2) jumps
// to its section in this page: no new tab and no new kernel, which JupyterLab's output renderer
// would give every link of an HTML output (target=_blank). A page opened with an address ending
// in #section scrolls to it once that section has been drawn (cells and widgets arrive after the
// page itself, so the browser's own jump finds nothing).
(function () {
  "use strict";
  const SETTLE_MS = 4000; // keep the opened section in view while the cells above it are still drawn
  const GIVE_UP_MS = 120000;

  function section(hash) {
    if (!hash || hash.length < 2) return null;
    const raw = hash.slice(1); // nbconvert's heading ids are themselves percent-encoded
    let id = raw;
    try {
      id = decodeURIComponent(raw);
    } catch (error) {
      // an undecodable fragment is taken as it is
    }
    return document.getElementById(raw) || document.getElementById(id) || document.getElementsByName(id)[0] || null;
  }

  function inPageHash(anchor) {
    const href = anchor.getAttribute("href");
    if (!href) return null;
    if (href.startsWith("#")) return href;
    try {
      const url = new URL(href, window.location.href);
      const here = window.location;
      if (url.hash && url.origin === here.origin && url.pathname === here.pathname && url.search === here.search) {
        return url.hash;
      }
    } catch (error) {
      return null;
    }
    return null;
  }

  function show(found) {
    found.scrollIntoView({ block: "start" });
  }

  document.addEventListener(
    "click",
    (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!anchor) return;
      const hash = inPageHash(anchor);
      const found = hash && section(hash);
      if (!found) return;
      event.preventDefault();
      event.stopPropagation();
      if (window.location.hash !== hash) window.history.pushState(null, "", hash);
      show(found);
    },
    true,
  );

  function followOpeningHash() {
    const hash = window.location.hash;
    if (!hash || hash.length < 2) return;
    let moved = false; // the learner scrolled: leave the page where they put it
    const stop = () => {
      moved = true;
    };
    for (const kind of ["wheel", "touchmove", "keydown", "mousedown"]) {
      window.addEventListener(kind, stop, { once: true, passive: true });
    }
    let foundAt = 0;
    const started = Date.now();
    const observer = new MutationObserver(check);
    function check() {
      const now = Date.now();
      if (moved || now - started > GIVE_UP_MS || (foundAt && now - foundAt > SETTLE_MS)) {
        observer.disconnect();
        return;
      }
      const found = section(hash);
      if (!found) return;
      if (!foundAt) foundAt = now;
      show(found);
    }
    observer.observe(document.documentElement, { childList: true, subtree: true });
    check();
    window.setTimeout(check, SETTLE_MS);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", followOpeningHash);
  } else {
    followOpeningHash();
  }
  window.addEventListener("hashchange", () => {
    const found = section(window.location.hash);
    if (found) show(found);
  });
})();
