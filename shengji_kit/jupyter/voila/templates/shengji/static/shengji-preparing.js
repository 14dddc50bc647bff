// The static site (Voici): while Pyodide starts in the browser, say so in both languages with
// what has been downloaded and how long it has taken; gone when the page's first output shows.
// The texts come from the kit's catalogue (site.toml), written into the page by deploy/site/build.py.
(function () {
  "use strict";
  const texts = window.shengjiSiteTexts;
  if (!texts) { return; }
  const started = performance.now();
  let bytes = 0;
  let files = 0;
  const box = document.createElement("div");
  box.className = "sk-preparing";
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  box.style.cssText = "position:fixed;left:50%;top:60%;transform:translateX(-50%);z-index:1000;" +
    "max-width:36em;padding:0.8em 1.2em;border-radius:8px;background:#fff;color:#1f2937;" +
    "box-shadow:0 2px 12px rgba(0,0,0,0.15);font:15px/1.5 system-ui,sans-serif;text-align:center";
  ["en", "zh"].forEach((lang) => {
    const line = document.createElement("p");
    line.lang = lang;
    line.style.margin = "0.2em 0";
    line.textContent = texts[lang].preparing;
    box.appendChild(line);
  });
  const note = document.createElement("p");
  note.style.cssText = "margin:0.2em 0;font-size:13px;color:#4b5563";
  note.textContent = texts.en.first + " " + texts.zh.first;
  box.appendChild(note);
  const progress = document.createElement("p");
  progress.dataset.role = "preparing-progress";
  progress.style.cssText = "margin:0.4em 0 0;font-variant-numeric:tabular-nums";
  box.appendChild(progress);
  function show() {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    progress.textContent = (bytes / 1e6).toFixed(1) + " MB · " + files + " · " + seconds + " s";
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        files += 1;
        bytes += entry.encodedBodySize || entry.transferSize || 0;
      }
      show();
    }).observe({ type: "resource", buffered: true });
  } catch (error) { /* no resource timing: the seconds still tick */ }
  function ready() {
    const loading = document.getElementById("loading");
    const hidden = loading && (loading.style.display === "none" || loading.offsetParent === null);
    return document.querySelector(".jp-OutputArea-output") !== null || hidden;
  }
  function tick() {
    if (ready()) { box.remove(); return; }
    show();
    setTimeout(tick, 250);
  }
  function start() { document.body.appendChild(box); tick(); }
  if (document.body) { start(); } else { document.addEventListener("DOMContentLoaded", start); }
})();
