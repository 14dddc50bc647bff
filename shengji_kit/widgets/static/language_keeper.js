// Language keeper: the browser remembers the learner's language; every page of the kit opens in it.
// On render it reads the stored choice and, when the kernel's differs, sends {type: "restore", lang}.
// When the kernel's language changes (the 中文/English switch), it stores the choice and marks the page:
// <html lang>, the classes sk-lang-en / sk-lang-zh on <html> and <body> (the Voila template shows only
// that language's prose) and the tab's title (window.shengjiLanguage, set by the template, when present).
// Without localStorage (a private window, a sandboxed frame) the choice holds for this page only.

const LANGUAGES = ["en", "zh"];

function storage() {
  try {
    return window.localStorage;
  } catch (error) {
    return null;
  }
}

function stored(key) {
  try {
    const store = storage();
    const value = store ? store.getItem(key) : null;
    return LANGUAGES.includes(value) ? value : null;
  } catch (error) {
    return null;
  }
}

function store(key, lang) {
  try {
    const place = storage();
    if (place) place.setItem(key, lang);
  } catch (error) {
    // storage full or refused: the choice holds for this page only
  }
}

function mark(lang) {
  const page = window.shengjiLanguage;
  if (page && typeof page.apply === "function") {
    page.apply(lang);
    return;
  }
  document.documentElement.lang = lang;
  for (const node of [document.documentElement, document.body]) {
    if (!node) continue;
    for (const other of LANGUAGES) node.classList.toggle(`sk-lang-${other}`, other === lang);
  }
}

function render({ model, el }) {
  el.classList.add("sk-language-keeper");
  el.dataset.role = "language-keeper";
  el.hidden = true;
  const key = model.get("storage_key");
  const onChange = () => {
    const lang = model.get("lang");
    if (!LANGUAGES.includes(lang)) return;
    store(key, lang);
    mark(lang);
  };
  model.on("change:lang", onChange);
  const saved = stored(key);
  if (saved && saved !== model.get("lang")) {
    model.send({ type: "restore", lang: saved });
  } else if (LANGUAGES.includes(model.get("lang"))) {
    mark(model.get("lang"));
  }
  return () => model.off("change:lang", onChange);
}

export default { render };
