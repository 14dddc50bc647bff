// Classroom widgets (the learner bar, the teacher's dashboard): draws the HTML Python renders and
// sends the clicks back. Behaviour lives in Python; this file only draws, keeps focus and:
//   remembers the learner's name in localStorage and hands it back when the page opens (with the pass
//     token the kernel gave for a name's PIN: the kernel checks both, this file only keeps them);
//   keeps a random browser id in localStorage and sends it with every message (one poll vote per
//     browser, counted by the class store), with the form's named fields (the name and the PIN);
//   sends {type: "action", action, value} for a button with data-action (value: data-value, or the
//     text of the field named by data-field), {type: "action", action: "option", value} for a poll
//     option (data-option), {type: "action", action: pick, value} when a <select data-pick> changes;
//   submits a field with Enter (data-submit names the action) and cancels with Escape (data-cancel);
//   shows the projector full screen (data-action="fullscreen", nothing sent) and fits its 1920×1080
//   stage to the width it has; on a Voila page moves the poll banner to a host at the end of <body>
//   (fixed to the window's bottom edge) and gives the page room below its end for it.

const NAME_KEY = "shengji-kit:learner";
const PASS_KEY = "shengji-kit:learner-pass"; // JSON {name, pass} of the last name chosen with its PIN
const BROWSER_KEY = "shengji-kit:browser";
const STAGE_W = 1920;
const STAGE_H = 1080;

function sameKind(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  return a.nodeType !== 1 || a.getAttribute("data-card") === b.getAttribute("data-card");
}

function morphChildren(from, to) {
  const old = [...from.childNodes];
  const next = [...to.childNodes];
  next.forEach((node, i) => {
    const here = old[i];
    if (!here) from.appendChild(node);
    else if (!sameKind(here, node)) from.replaceChild(node, here);
    else if (here.nodeType === 1) morphElement(here, node);
    else if (here.nodeValue !== node.nodeValue) here.nodeValue = node.nodeValue;
  });
  old.slice(next.length).forEach((node) => from.removeChild(node));
}

function morphElement(from, to) {
  for (const { name } of [...from.attributes]) {
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  if (from.nodeName === "SELECT") {
    morphChildren(from, to);
    const chosen = to.querySelector("option[selected]");
    if (chosen && from.value !== chosen.value) from.value = chosen.value;
    return;
  }
  morphChildren(from, to);
}

function focusKey(element) {
  if (!element || !element.dataset) return null;
  if (element.dataset.option !== undefined) return `[data-option="${CSS.escape(element.dataset.option)}"]`;
  if (element.dataset.action !== undefined) {
    // a table's buttons share their actions with the other tables' rows: the row (data-value) tells them apart
    const value = element.dataset.value !== undefined ? `[data-value="${CSS.escape(element.dataset.value)}"]` : "";
    return `[data-action="${CSS.escape(element.dataset.action)}"]${value}`;
  }
  if (element.dataset.pick !== undefined) return `[data-pick="${CSS.escape(element.dataset.pick)}"]`;
  if (element.name) return `[name="${CSS.escape(element.name)}"]`;
  return null;
}

function storage() {
  try {
    return window.localStorage;
  } catch (error) {
    return null; // private windows and sandboxed frames may refuse it: the name is then not remembered
  }
}

function randomId() {
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

let pageBrowserId = null; // without localStorage: one id for this page only

function browserId() {
  const store = storage();
  let id = store ? store.getItem(BROWSER_KEY) : pageBrowserId;
  if (!id || !/^[0-9a-f]{32}$/.test(id)) {
    id = randomId();
    if (store) store.setItem(BROWSER_KEY, id);
    pageBrowserId = id;
  }
  return id;
}

function savedPass(name) {
  const store = storage();
  try {
    const saved = JSON.parse((store && store.getItem(PASS_KEY)) || "null");
    return saved && saved.name === name ? String(saved.pass || "") : "";
  } catch (error) {
    return "";
  }
}

function fitStage(el) {
  for (const stage of el.querySelectorAll("[data-role=projector-stage]")) {
    const frame = stage.parentElement;
    const full = document.fullscreenElement && document.fullscreenElement.contains(stage);
    const width = full ? window.innerWidth : frame.clientWidth;
    const height = full ? window.innerHeight : Infinity;
    const scale = Math.min(width / STAGE_W, height / STAGE_H) || 1;
    stage.style.transform = `scale(${scale})`;
    frame.style.height = `${Math.ceil(STAGE_H * scale)}px`;
  }
}

function render({ model, el }) {
  el.classList.add("sk-class-root"); // not .sk-root: that stays the page's card table
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const fields = () => {
    const found = {};
    for (const input of el.querySelectorAll("input[name]")) found[input.name] = input.value;
    return found;
  };
  const send = (action, value) =>
    model.send({ type: "action", action, value: value || "", browser: browserId(), fields: fields() });

  // On a Voila page the poll banner lives in a host of its own at the end of <body>, fixed to the window's
  // bottom edge (classroom.css): inside the notebook it would scroll away with the cells (their panel
  // contains fixed elements). The page's scrolling panel gets that much room below its end.
  const host = document.body.dataset.voila !== undefined ? document.createElement("div") : null;
  if (host) {
    host.className = "sk-class-root sk-poll-host";
    host.setAttribute("data-lm-suppress-shortcuts", "true");
    document.body.appendChild(host);
  }
  const within = (node) => el.contains(node) || (host !== null && host.contains(node));
  let roomed = null;
  let watchedBanner = null;
  let sized = null; // a ResizeObserver, made below once the page's handlers exist
  const roomForBanner = () => {
    const banner = host && host.querySelector("[data-role=poll-banner]");
    let scroller = el.parentElement; // the panel that scrolls the page (not an output area that only could)
    while (scroller && !(scroller.scrollHeight > scroller.clientHeight + 1 &&
      /(auto|scroll)/.test(window.getComputedStyle(scroller).overflowY))) {
      scroller = scroller.parentElement;
    }
    scroller = scroller || document.scrollingElement || document.body;
    if (roomed && (roomed !== scroller || !banner)) {
      roomed.style.paddingBottom = "";
      roomed = null;
    }
    if (banner) {
      scroller.style.paddingBottom = `${banner.offsetHeight + 8}px`;
      roomed = scroller;
    }
    // the banner may grow after it is drawn (its text wraps, an answer opens): measure again when it does
    if (sized && banner !== watchedBanner) {
      if (watchedBanner) sized.unobserve(watchedBanner);
      if (banner) sized.observe(banner);
      watchedBanner = banner;
    }
  };

  const draw = () => {
    const active = document.activeElement;
    const inside = within(active) && active !== el;
    const focused = inside ? focusKey(active) : null;
    const template = document.createElement("template");
    template.innerHTML = model.get("html");
    if (host) {
      const banner = template.content.querySelector("[data-role=poll-banner]");
      const moved = document.createElement("template");
      if (banner) moved.content.appendChild(banner);
      morphChildren(host, moved.content);
      host.setAttribute("lang", model.get("lang"));
    }
    morphChildren(el, template.content);
    el.setAttribute("lang", model.get("lang"));
    const autofocus = el.querySelector("[data-autofocus]:not([data-focused])");
    if (autofocus) {
      autofocus.setAttribute("data-focused", "true");
      autofocus.focus();
    } else if (inside && !within(document.activeElement) && focused) {
      const loose = focused.replace(/\[data-value="[^"]*"\]$/, ""); // the same action, should its value have changed
      const again = el.querySelector(focused) || (host && host.querySelector(focused)) || el.querySelector(loose)
        || (host && host.querySelector(loose));
      if (again) again.focus({ preventScroll: true });
    }
    fitStage(el);
    roomForBanner();
  };

  const onClick = (event) => {
    const button = event.target.closest ? event.target.closest("button") : null;
    if (!button || !within(button) || button.disabled) return;
    const data = button.dataset;
    if (data.action === "fullscreen") {
      const stage = el.querySelector("[data-role=projector]");
      if (stage && stage.requestFullscreen) stage.requestFullscreen().catch(() => {});
    } else if (data.action !== undefined) {
      const field = data.field ? el.querySelector(`[name="${CSS.escape(data.field)}"]`) : null;
      send(data.action, field ? field.value : data.value);
    } else if (data.option !== undefined) {
      send("option", data.option);
    }
  };

  const onChange = (event) => {
    const select = event.target;
    if (select && select.dataset && select.dataset.pick !== undefined) send(select.dataset.pick, select.value);
  };

  const onKey = (event) => {
    const field = event.target;
    if (field && field.dataset && field.dataset.submit !== undefined && event.key === "Enter") {
      send(field.dataset.submit, field.value);
      event.preventDefault();
    } else if (field && field.dataset && field.dataset.cancel !== undefined && event.key === "Escape") {
      send(field.dataset.cancel, "");
      event.preventDefault();
    } else if (/^[1-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey
               && !(field && field.matches && field.matches("input, textarea, select"))) {
      // the poll's number keys answer the option numbered so (the learner's own order, data-key)
      const root = field && field.closest ? field.closest('[data-role="poll"]') : null;
      const option = root ? root.querySelector(`button[data-option][data-key="${event.key}"]:not([disabled])`) : null;
      if (option) {
        send("option", option.dataset.option);
        event.preventDefault();
      }
    }
    event.stopPropagation(); // keys typed here are the widget's, not JupyterLab's shortcuts
  };
  const keepKeys = (event) => event.stopPropagation();

  const remember = () => {
    const store = storage();
    const name = model.get("learner");
    if (!store || !name || !model.get("remember")) return;
    store.setItem(NAME_KEY, name);
    const pass = model.get("learner_pass");
    if (pass) store.setItem(PASS_KEY, JSON.stringify({ name, pass }));
  };

  model.on("change:html", draw);
  model.on("change:lang", draw);
  model.on("change:learner", remember);
  model.on("change:learner_pass", remember);
  for (const root of host ? [el, host] : [el]) {
    root.addEventListener("click", onClick);
    root.addEventListener("change", onChange);
    root.addEventListener("keydown", onKey);
    for (const type of ["keypress", "keyup"]) root.addEventListener(type, keepKeys);
  }
  const onResize = () => {
    fitStage(el);
    roomForBanner();
  };
  window.addEventListener("resize", onResize);
  document.addEventListener("fullscreenchange", onResize);
  // The widget is drawn before the page lays it out (its width is 0 then): fit the stage again
  // whenever the dashboard's own width changes, not only when the window is resized.
  sized = typeof ResizeObserver === "function" ? new ResizeObserver(onResize) : null;
  if (sized) sized.observe(el);
  draw();
  if (model.get("learner") !== undefined && model.get("remember")) {
    const store = storage();
    const saved = store ? store.getItem(NAME_KEY) : null;
    if (saved && saved !== model.get("learner")) {
      model.send({ type: "restore", name: saved, pass: savedPass(saved), browser: browserId() });
    }
  }
  return () => {
    model.off("change:html", draw);
    model.off("change:lang", draw);
    model.off("change:learner", remember);
    model.off("change:learner_pass", remember);
    el.removeEventListener("click", onClick);
    el.removeEventListener("change", onChange);
    el.removeEventListener("keydown", onKey);
    for (const type of ["keypress", "keyup"]) el.removeEventListener(type, keepKeys);
    window.removeEventListener("resize", onResize);
    document.removeEventListener("fullscreenchange", onResize);
    if (host) host.remove();
    if (roomed) roomed.style.paddingBottom = "";
    if (sized) sized.disconnect();
  };
}

export default { render };
