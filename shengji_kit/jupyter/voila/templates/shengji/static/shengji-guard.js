// shengji-guard: a page of the kit never fails silently.
// It shows a bilingual notice with a reload button when
//   - the page could not start (a cell failed, a widget model is missing, nothing was drawn
//     within a minute of the page arriving, the page stalled), or
//   - the connection to the page's kernel is lost (the kernel died or the server restarted).
// It watches the kernel's websocket (wrapped here, before Voila's own script creates it), the
// page's outputs and the browser console. Plain script, inlined by index.html.j2; no network.
(function () {
  "use strict";
  const NOTICES = {
    failed: {
      en: "This page could not start. Reload it to try again; if it happens again, tell your teacher.",
      zh: "页面没能启动。请重新加载再试；如果再次出现，请告诉老师。",
    },
    stalled: {
      en: "This page is taking too long to start (the server may be busy). Reload it to try again.",
      zh: "页面启动太久了（服务器可能很忙）。请重新加载再试。",
    },
    lost: {
      en: "Connection lost: this page no longer reaches its server (the server restarted or your session ended). Reload to go on.",
      zh: "连接已断开：这个页面连不上服务器了（服务器重启了，或者你的会话已结束）。请重新加载继续。",
    },
  };
  // Said after "lost" only on a card table whose round the play app is saving (it shows
  // data-role=round-not-saved when it cannot save): never promise what was not kept.
  const ROUND_SAVED = { en: "Your round is saved: a reload offers to resume it.", zh: "你的这一局已保存：重新加载后可以接着打。" };
  function roundSaved() {
    return document.querySelector("[data-role=table]") !== null && document.querySelector("[data-role=round-not-saved]") === null;
  }
  const RELOAD = "Reload · 重新加载";
  const TITLES = { failed: "Page not ready · 页面未就绪", stalled: "Still starting · 仍在启动", lost: "Connection lost · 连接已断开" };
  const CLOSE_GRACE_MS = 4000; // a dropped socket that reconnects within this is no loss
  const READY_AFTER_LOAD_MS = 60000; // the HTML arrived: the app must show within this
  const STALL_MS = 300000; // the HTML has not even finished arriving after this
  const KERNEL_SOCKET = /\/api\/kernels\/[^/]+\/channels/;
  const DEAD_STATE = /"execution_state"\s*:\s*"(dead|restarting|autorestarting)"/;
  let shown = null;
  let leaving = false;
  let openSockets = 0;

  function show(kind) {
    if (leaving || shown === "lost" || shown === kind) return;
    shown = kind;
    const build = () => {
      let box = document.getElementById("shengji-guard");
      if (!box) {
        box = document.createElement("div");
        box.id = "shengji-guard";
        box.setAttribute("role", "alert");
        document.body.appendChild(box);
      }
      box.dataset.state = kind;
      box.replaceChildren();
      const panel = document.createElement("div");
      panel.className = "shengji-guard-panel";
      const title = document.createElement("h2");
      title.textContent = TITLES[kind];
      panel.appendChild(title);
      for (const lang of ["en", "zh"]) {
        const line = document.createElement("p");
        line.lang = lang;
        line.textContent = NOTICES[kind][lang] + (kind === "lost" && roundSaved() ? " " + ROUND_SAVED[lang] : "");
        panel.appendChild(line);
      }
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.role = "guard-reload";
      button.textContent = RELOAD;
      button.addEventListener("click", () => window.location.reload());
      panel.appendChild(button);
      box.appendChild(panel);
      button.focus();
    };
    if (document.body) build();
    else document.addEventListener("DOMContentLoaded", build);
  }
  window.shengjiGuard = { show };

  window.addEventListener("beforeunload", () => { leaving = true; });
  window.addEventListener("pagehide", () => { leaving = true; });

  // --- the kernel's websocket -------------------------------------------------------------
  const decoder = new TextDecoder("utf-8", { fatal: false });
  function frameText(data) {
    if (typeof data === "string") return data;
    if (data instanceof ArrayBuffer) return decoder.decode(new Uint8Array(data));
    return "";
  }
  const NativeWebSocket = window.WebSocket;
  class GuardedWebSocket extends NativeWebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      if (!KERNEL_SOCKET.test(String(url))) return;
      let opened = false;
      this.addEventListener("open", () => { opened = true; openSockets += 1; });
      this.addEventListener("message", (event) => {
        const text = frameText(event.data);
        if (text.includes("execution_state") && DEAD_STATE.test(text)) show("lost");
      });
      this.addEventListener("close", () => {
        if (opened) openSockets -= 1;
        setTimeout(() => { if (openSockets === 0) show("lost"); }, CLOSE_GRACE_MS);
      });
    }
  }
  window.WebSocket = GuardedWebSocket;

  // --- failures shown or logged by Voila and the widget manager ---------------------------
  const FAILED_TEXT = ["Error displaying widget", "There was an error when executing cell", "An exception occurred at the server"];
  const FAILED_LOG = ["Failed to initialize model", "model not found", "Could not create a model", "Could not create a view"];
  const nativeError = console.error.bind(console);
  console.error = (...args) => {
    const text = args.map((arg) => (arg && arg.message) || String(arg)).join(" ");
    if (FAILED_LOG.some((needle) => text.includes(needle))) show("failed");
    nativeError(...args);
  };
  // Reading the page's text is not free: look at most once a second, never on every redraw.
  let scanning = null;
  function scan() {
    scanning = null;
    const cells = document.getElementById("rendered_cells");
    for (const output of cells ? cells.querySelectorAll(".jp-OutputArea-output") : []) {
      if (output.querySelector(".sk-root")) continue; // the kit's own widgets are not errors
      const text = output.textContent || "";
      if (FAILED_TEXT.some((needle) => text.includes(needle))) show("failed");
    }
  }
  function scanSoon() {
    if (scanning === null) scanning = setTimeout(scan, 1000);
  }
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(scanSoon).observe(document.body, { childList: true, subtree: true });
    scan();
  });

  // --- a page that never becomes ready -----------------------------------------------------
  // Ready is what the learner sees: a widget or an output drawn among the page's cells. Voila's
  // spinner (#loading) is no proof either way: Voila removes it, and shows the cells, only once
  // its theme has loaded too, which on a busy machine can lag behind widgets already drawn.
  const DRAWN = ".sk-root, .jupyter-widgets, .jp-OutputArea-output";
  const NOT_DRAWN = '[data-mime-type="application/vnd.jupyter.stderr"]'; // a traceback or stray stderr
  function drawn() {
    const cells = document.getElementById("rendered_cells");
    for (const view of cells ? cells.querySelectorAll(DRAWN) : []) {
      if (view.closest(NOT_DRAWN)) continue;
      const text = view.textContent || "";
      if (FAILED_TEXT.some((needle) => text.includes(needle))) continue;
      if (text.trim() || view.querySelector("svg, img, canvas, button, input, select, textarea")) return true;
    }
    return false;
  }
  // A drawn page whose spinner stayed is shown as Voila would have shown it.
  function reveal() {
    const spinner = document.getElementById("loading");
    if (spinner) spinner.remove();
    const cells = document.getElementById("rendered_cells");
    if (cells) cells.style.display = "";
  }
  const stall = setTimeout(() => show("stalled"), STALL_MS);
  window.addEventListener("load", () => {
    clearTimeout(stall);
    // The page arrived without its kernel's settings: the kernel did not start.
    if (!document.getElementById("jupyter-config-data")) show("failed");
    setTimeout(() => {
      if (!document.getElementById("loading")) return;
      if (drawn()) reveal();
      else show("failed");
    }, READY_AFTER_LOAD_MS);
  });
})();
