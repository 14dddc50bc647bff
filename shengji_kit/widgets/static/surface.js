// Card surface: draws the HTML that Python renders and reports clicks and keys back to Python.
// Behaviour lives in Python; this file only draws, moves keyboard focus and sends messages:
//   {type: "action", action, value}   a button with data-action
//   {type: "answer", answer}          a button with data-answer (exercises)
//   {type: "click", card, index}      a card button with data-index (a hand)
//   {type: "key", key}                enter (play) on a card, h (the coach's hint) anywhere

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

function morphChildren(from, to) {
  const old = [...from.childNodes];
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
  for (const { name } of [...from.attributes]) {
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  morphChildren(from, to);
}

function handCards(button) {
  const hand = button.closest("[data-seat]");
  return hand ? [...hand.querySelectorAll("button[data-card][data-index]")] : [];
}

function render({ model, el }) {
  el.classList.add("sk-root");
  el.setAttribute("data-lm-suppress-shortcuts", "true");

  const draw = () => {
    const focused = el.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    const template = document.createElement("template");
    template.innerHTML = model.get("html");
    morphChildren(el, template.content);
    el.setAttribute("lang", model.get("lang"));
    if (focused) {
      const again = el.querySelector(focused);
      if (again) again.focus({ preventScroll: true });
    }
  };

  const onClick = (event) => {
    const button = event.target.closest("button");
    if (!button || !el.contains(button) || button.disabled) return;
    const data = button.dataset;
    if (data.action !== undefined) {
      model.send({ type: "action", action: data.action, value: data.value || "" });
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
  draw();
  return () => {
    model.off("change:html", draw);
    model.off("change:lang", draw);
    el.removeEventListener("click", onClick);
    el.removeEventListener("keydown", onKey);
  };
}

export default { render };
