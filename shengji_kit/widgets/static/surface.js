// Card surface: draws the HTML that Python renders and reports clicks and keys back to Python.
// Behaviour lives in Python; this file only draws, moves keyboard focus and sends messages:
//   {type: "action", action, value}   a button with data-action (+ typed: a number/cards field's or a
//                                     textarea[data-role=typed]'s text)
//   {type: "answer", answer}          a button with data-answer (exercises)
//   {type: "click", card, index}      a card button with data-index (a hand)
//   {type: "key", key}                enter (play) on a card, h (the coach's hint) anywhere,
//                                     (← → in a [data-arrow-keys] panel send its Previous/Next action)
//                                     1-9, 0 (an exercise's answer keys) in an exercise block

function focusKey(element) {
  if (!element) return null;
  const hand = element.closest("[data-seat]");
  if (element.dataset.index !== undefined && hand) {
    return `[data-seat="${hand.dataset.seat}"] button[data-index="${element.dataset.index}"]`;
  }
  if (element.dataset.answer !== undefined) {
    return `button[data-answer="${CSS.escape(element.dataset.answer)}"]`;
  }
  if (element.dataset.action !== undefined) {
    return `button[data-action="${CSS.escape(element.dataset.action)}"]`;
  }
  return null;
}

// Update the drawn DOM in place to match the new HTML, so unchanged elements (and focus,
// transitions, handles held by tests) survive a redraw. Cards are matched by data-card.
function sameKind(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  return a.nodeType !== 1 || a.getAttribute("data-card") === b.getAttribute("data-card");
}

// The live region (live_region.js) is the widget's own, outside the drawn HTML: a redraw keeps it.
const isLive = (node) => node.nodeType === 1 && node.hasAttribute("data-sk-live");

function morphChildren(from, to) {
  const old = [...from.childNodes].filter((node) => !isLive(node));
  const next = [...to.childNodes];
  next.forEach((node, i) => {
    const here = old[i];
    if (!here) {
      from.appendChild(node);
    } else if (!sameKind(here, node)) {
      from.replaceChild(node, here);
    } else if (here.nodeType === 1) {
      morphElement(here, node);
    } else if (here.nodeValue !== node.nodeValue) {
      here.nodeValue = node.nodeValue;
    }
  });
  old.slice(next.length).forEach((node) => from.removeChild(node));
}

function morphElement(from, to) {
  // A <details> keeps the learner's open/closed choice across redraws.
  const keep = (name) => name === "tabindex" || (name === "open" && from.nodeName === "DETAILS");
  for (const { name } of [...from.attributes]) {
    if (!to.hasAttribute(name) && !keep(name)) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (keep(name) && from.hasAttribute(name) !== to.hasAttribute(name) && name === "open") continue;
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  morphChildren(from, to);
}

function handCards(button) {
  const hand = button.closest("[data-seat]");
  return hand ? [...hand.querySelectorAll("button[data-card][data-index]")] : [];
}

// One tab stop per hand (roving tabindex): the current card is tabbable, the others are reached
// with the arrow keys. ``current`` maps a hand's seat to the index of its current card.
function rove(el, current) {
  for (const hand of el.querySelectorAll("[data-seat]")) {
    const cards = [...hand.querySelectorAll("button[data-card][data-index]")];
    if (!cards.length) continue;
    const here = Math.min(current.get(hand.dataset.seat) ?? 0, cards.length - 1);
    cards.forEach((card, i) => {
      const value = i === here ? "0" : "-1";
      if (card.getAttribute("tabindex") !== value) card.setAttribute("tabindex", value);
    });
  }
}

// The card to give focus back to when the focused element went away in a redraw.
function handFallback(el, current) {
  const hand = el.querySelector('[data-seat="0"]') || el.querySelector("[data-seat]");
  if (!hand) return null;
  const cards = [...hand.querySelectorAll("button[data-card][data-index]")];
  if (!cards.length) return null;
  return cards[Math.min(current.get(hand.dataset.seat) ?? 0, cards.length - 1)];
}

// Keys typed inside the widget are the widget's: JupyterLab must not see them (``d d`` would
// delete the cell, ``b`` insert one). ``data-lm-suppress-shortcuts`` alone does not stop that,
// because the notebook's shortcuts match the focused card itself.
function keepKeys(event) {
  event.stopPropagation();
}

// Where focus goes when the focused control of an exercise block is gone or disabled after a
// redraw (Hint disables itself): the next usable control from the same place in that block, else
// the block itself, so the answer keys (1-9, 0, h) keep working instead of focus falling to <body>.
const CONTROLS = "button, input";
const usable = (element) => !!element && !element.disabled;

function blockFallback(el, group, place) {
  const block = group ? el.querySelector(`[data-role="exercise"][data-group="${CSS.escape(group)}"]`) : null;
  if (!block) return null;
  const controls = [...block.querySelectorAll(CONTROLS)];
  const next = controls.slice(Math.max(place, 0)).find(usable) || controls.find(usable);
  if (next) return next;
  block.setAttribute("tabindex", "-1");
  return block;
}

const ANSWER_KEYS = new Set(["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]);

const MOVES = new Set(["declare", "pass", "deal-on", "redeal", "bury", "play", "throw"]);

function render({ model, el }) {
  el.classList.add("sk-root");
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const current = new Map();
  const { live, heard } = announcer(el);  // live_region.js, put before this file
  // After a move (declare, pass, bury, play …) the keyboard goes back to the hand; a throw
  // question takes it to its first answer instead.
  let backToHand = false;

  const draw = () => {
    const inside = el.contains(document.activeElement) && document.activeElement !== el;
    const focused = inside ? focusKey(document.activeElement) : null;
    const block = inside ? document.activeElement.closest('[data-role="exercise"]') : null;
    const group = block ? block.dataset.group : null;
    const place = block ? [...block.querySelectorAll(CONTROLS)].indexOf(document.activeElement) : -1;
    const template = document.createElement("template");
    template.innerHTML = model.get("html");
    morphChildren(el, template.content);
    el.setAttribute("lang", model.get("lang"));
    rove(el, current);
    for (const log of el.querySelectorAll(".sk-log-lines")) log.scrollTop = log.scrollHeight;
    heard(model.get("lang"));
    if (backToHand) {
      backToHand = false;
      const target = el.querySelector('button[data-action="throw"]') || handFallback(el, current);
      if (target) {
        target.focus({ preventScroll: true });
        return;
      }
    }
    if (inside && (!el.contains(document.activeElement) || document.activeElement === document.body)) {
      const found = focused ? el.querySelector(focused) : null;
      const again = usable(found) ? found : blockFallback(el, group, place) || handFallback(el, current);
      if (again) again.focus({ preventScroll: true });
    } else if (focused) {
      const again = el.querySelector(focused);
      if (again && again !== document.activeElement) again.focus({ preventScroll: true });
    }
  };

  const onFocus = (event) => {
    const button = event.target.closest ? event.target.closest("button[data-card][data-index]") : null;
    const hand = button ? button.closest("[data-seat]") : null;
    if (!hand) return;
    // Remembered only: the tab stop moves at the next redraw (changing it here would be a
    // DOM change of its own, which observers of redraws would take for the kernel's answer).
    current.set(hand.dataset.seat, Number(button.dataset.index));
  };

  const onClick = (event) => {
    const button = event.target.closest("button");
    if (!button || !el.contains(button) || button.disabled) return;
    const data = button.dataset;
    if (data.action !== undefined) {
      backToHand = MOVES.has(data.action) && button.matches(":focus-visible");
      // an exercise's typed number, or a lesson's typed cards (also sent as ``typed`` with every button)
      const typed = el.querySelector('input[data-role="number"], input[data-role="cards"], textarea[data-role="typed"]');
      const message = { type: "action", action: data.action, value: data.value || (typed ? typed.value : "") };
      if (typed) message.typed = typed.value;
      model.send(message);
    } else if (data.answer !== undefined) {
      model.send({ type: "answer", answer: data.answer });
    } else if (data.card !== undefined && data.index !== undefined) {
      model.send({ type: "click", card: data.card, index: Number(data.index) });
    }
  };

  const onKey = (event) => {
    if ((event.key === "h" || event.key === "H") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // the coach's hint: anywhere in a table that has a Hint button (a card, a button), not in a field
      const tag = event.target && event.target.tagName;
      if (tag !== "INPUT" && tag !== "TEXTAREA" && tag !== "SELECT" && el.querySelector('[data-action="hint"]')) {
        model.send({ type: "key", key: "h" });
        event.preventDefault();
        event.stopPropagation();
        return;
      }
    }
    // Enter in a field with ``data-submit`` sends that action with the field's text (the card reader's Read).
    const field = event.target.closest ? event.target.closest("input[data-submit]") : null;
    if (field && el.contains(field) && event.key === "Enter") {
      model.send({ type: "action", action: field.dataset.submit, value: field.value, typed: field.value });
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    // an exercise block, or a panel whose choices answer to number keys (``data-number-keys``: the memory drill)
    const block = event.target.closest ? event.target.closest('[data-role="exercise"], [data-number-keys]') : null;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    // a stepper panel (``data-arrow-keys``): ← and → press its buttons marked data-arrow="previous"/"next"
    const stepper = event.target.closest ? event.target.closest("[data-arrow-keys]") : null;
    if (stepper && el.contains(stepper) && plain && (event.key === "ArrowLeft" || event.key === "ArrowRight")
        && !event.target.matches("input, textarea, select")) {
      const which = event.key === "ArrowLeft" ? "previous" : "next";
      const arrow = stepper.querySelector(`button[data-arrow="${which}"]`);
      if (arrow && !arrow.disabled) model.send({ type: "action", action: arrow.dataset.action, value: "" });
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (block && plain && ANSWER_KEYS.has(event.key) && !event.target.matches("input, textarea, select")
        && block.querySelector("[data-key]")) {
      // an exercise's number keys answer its choices (the keys shown on them), as in the trainer
      model.send({ type: "key", key: event.key });
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const button = event.target.closest ? event.target.closest("button[data-card][data-index]") : null;
    if (!button || !el.contains(button)) return;
    const cards = handCards(button);
    const here = cards.indexOf(button);
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(here + 1, cards.length - 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(here - 1, 0);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = cards.length - 1;
    if (next !== null) {
      cards[next].focus();
    } else if (event.key === " " || event.key === "Spacebar") {
      model.send({ type: "click", card: button.dataset.card, index: Number(button.dataset.index) });
    } else if (event.key === "Enter") {
      backToHand = true;
      model.send({ type: "key", key: "enter" });
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  model.on("change:html", draw);
  model.on("change:lang", draw);
  el.addEventListener("click", onClick);
  el.addEventListener("keydown", onKey);
  el.addEventListener("focusin", onFocus);
  for (const type of ["keydown", "keypress", "keyup"]) el.addEventListener(type, keepKeys);
  // A widget with a "heartbeat" (the Tables page) hears from its page every few seconds while the page is
  // visible and online; what silence means is the kernel's to decide (tables_app.py).
  const every = Number(model.get("heartbeat")) || 0;
  const beat = () => {
    if (document.visibilityState === "visible" && navigator.onLine !== false) model.send({ type: "heartbeat" });
  };
  const beating = every > 0 ? setInterval(beat, every * 1000) : null;
  if (beating !== null) document.addEventListener("visibilitychange", beat);
  draw();
  return () => {
    if (beating !== null) {
      clearInterval(beating);
      document.removeEventListener("visibilitychange", beat);
    }
    model.off("change:html", draw);
    model.off("change:lang", draw);
    el.removeEventListener("click", onClick);
    el.removeEventListener("keydown", onKey);
    el.removeEventListener("focusin", onFocus);
    for (const type of ["keydown", "keypress", "keyup"]) el.removeEventListener(type, keepKeys);
    live.remove();
  };
}

export default { render };
