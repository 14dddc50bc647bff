// Puzzle trainer: draws the HTML that Python renders and reports clicks and keys back to Python.
// Behaviour lives in Python; this file only draws, keeps keyboard focus and sends messages:
//   {type: "action", action, value}   a button with data-action (check sends the typed number)
//   {type: "answer", answer}          a button with data-answer
//   {type: "click", card, index}      a card button with data-index
//   {type: "key", key}                1-9, 0, h, s, n pressed inside the trainer (not in a text box)
// A timed run's clock ([data-role=timed-clock]) is Python's: its data-left-ms is the time left when drawn.
// This file only counts the display down from it, and at zero sends {type: "action", action: "timed-check"}
// so that Python, which keeps the time, ends the run.

const FIRST_ANSWER = '[data-role="answers"] button:not([disabled]), [data-role="answers"] input:not([disabled])';
const KEYS = new Set(["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "h", "s", "n"]);

function focusKey(element) {
  const data = element.dataset || {};
  if (data.answer !== undefined) return `[data-answer="${CSS.escape(data.answer)}"]`;
  if (data.index !== undefined) return `button[data-index="${CSS.escape(data.index)}"]`;
  if (data.action !== undefined) {
    const value = data.value ? `[data-value="${CSS.escape(data.value)}"]` : ":not([data-value])";
    return `[data-action="${CSS.escape(data.action)}"]${value}`;
  }
  if (data.role === "number") return `input[data-role="number"]`;
  return null;
}

const CONTROLS = "button, input";

function usable(element) {
  return element && !element.disabled;
}

// Where focus goes when the focused control is gone or disabled after a redraw (Hint disables
// itself): the next usable control from the same place, else the trainer itself, so the answer
// keys (1-4, h, s, n) keep working instead of focus falling to <body>.
function nextUsable(el, place) {
  const controls = [...el.querySelectorAll(CONTROLS)];
  return controls.slice(Math.max(place, 0)).find(usable) || controls.find(usable) || null;
}

function render({ model, el }) {
  el.classList.add("sk-root", "sk-trainer-root");
  const { live, heard } = announcer(el);  // live_region.js, put before this file: the last child, kept
  el.setAttribute("tabindex", "-1");  // focus can rest on the trainer itself, where its keys still work
  el.setAttribute("data-lm-suppress-shortcuts", "true");

  const puzzleId = () => {
    const puzzle = el.querySelector("[data-puzzle]");
    return puzzle ? `${puzzle.dataset.step || ""}:${puzzle.dataset.puzzle}` : "";
  };

  let tick = null;
  const showClock = () => {
    if (tick !== null) clearInterval(tick);
    tick = null;
    const clock = el.querySelector('[data-role="timed-clock"]');
    if (!clock) return;
    const drawnAt = performance.now();
    const leftMs = Number(clock.dataset.leftMs) || 0;
    let asked = false;
    const update = () => {
      const left = Math.max(0, leftMs - (performance.now() - drawnAt));
      const whole = Math.ceil(left / 1000);
      const shown = clock.querySelector('[data-role="timed-time"]');
      if (shown) shown.textContent = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
      if (left <= 0 && !asked) {
        asked = true;  // Python decides; it redraws (and so restarts this tick) whatever it finds
        model.send({ type: "action", action: "timed-check", value: "" });
      }
    };
    tick = setInterval(update, 250);
  };

  const draw = () => {
    const active = document.activeElement;
    const hadFocus = el.contains(active);
    const key = hadFocus ? focusKey(active) : null;
    const place = hadFocus ? [...el.querySelectorAll(CONTROLS)].indexOf(active) : -1;
    const before = puzzleId();
    for (const child of [...el.childNodes]) if (child !== live) child.remove();
    live.insertAdjacentHTML("beforebegin", model.get("html"));
    el.setAttribute("lang", model.get("lang"));
    heard(model.get("lang"));
    showClock();
    if (!hadFocus) return;
    // "Next puzzle" pressed, or a timed run went on to its next puzzle: go straight to the new puzzle's first answer.
    const timed = !!el.querySelector('[data-role="timed-clock"]');
    const moved = before !== puzzleId() && (timed || (active.dataset && active.dataset.action === "next"));
    const first = moved ? el.querySelector(FIRST_ANSWER) : null;
    if (usable(first)) {
      first.focus({ preventScroll: true });
      return;
    }
    const again = key ? el.querySelector(key) : null;
    const autofocus = el.querySelector("[data-autofocus]");
    const target = usable(again) ? again : usable(autofocus) ? autofocus : nextUsable(el, place);
    (target || el).focus({ preventScroll: true });
  };

  const typed = () => {
    const input = el.querySelector('input[data-role="number"]');
    return input ? input.value : "";
  };

  const onClick = (event) => {
    const button = event.target.closest("button");
    if (!button || !el.contains(button) || button.disabled) return;
    const data = button.dataset;
    if (data.action === "check") {
      model.send({ type: "action", action: "check", value: typed() });
    } else if (data.action !== undefined) {
      model.send({ type: "action", action: data.action, value: data.value || "" });
    } else if (data.answer !== undefined) {
      model.send({ type: "answer", answer: data.answer });
    } else if (data.index !== undefined) {
      model.send({ type: "click", card: data.card || "", index: Number(data.index) });
    }
  };

  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.matches && target.matches('input[data-role="number"]')) {
      if (event.key !== "Enter") return;
      model.send({ type: "action", action: "check", value: target.value });
    } else if (target.matches && target.matches("input, textarea, select")) {
      return;
    } else if (KEYS.has(event.key.toLowerCase())) {
      model.send({ type: "key", key: event.key.toLowerCase() });
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  // Keys typed in the trainer stay in it: JupyterLab's notebook shortcuts (``d d`` deletes the
  // cell, ``b`` inserts one) must not see them (the same rule as surface.js).
  const keepKeys = (event) => event.stopPropagation();

  model.on("change:html", draw);
  model.on("change:lang", draw);
  el.addEventListener("click", onClick);
  el.addEventListener("keydown", onKey);
  for (const type of ["keydown", "keypress", "keyup"]) el.addEventListener(type, keepKeys);
  draw();
  return () => {
    model.off("change:html", draw);
    model.off("change:lang", draw);
    if (tick !== null) clearInterval(tick);
    el.removeEventListener("click", onClick);
    el.removeEventListener("keydown", onKey);
    for (const type of ["keydown", "keypress", "keyup"]) el.removeEventListener(type, keepKeys);
    live.remove();
  };
}

export default { render };
