// Language keeper: the browser remembers the learner's language; every page of the kit opens in it.
// On render it reads the stored choice and, when the kernel's differs, sends {type: "restore", lang}.
// When the kernel's language changes (the 中文/English switch), it stores the choice and marks the page:
// <html lang>, the classes sk-lang-en / sk-lang-zh on <html> and <body> (the Voila template shows only
// that language's prose) and the tab's title (window.shengjiLanguage, set by the template, when present).
// Without localStorage (a private window, a sandboxed frame) the choice holds for this page only.
// In JupyterLab (both languages shown, en cell then zh twin) it gives each rendered markdown cell of its
// notebook the lang of its text, so each reads (and is read aloud) in its own language; <html lang> is
// left to JupyterLab there.

const LANGUAGES = ["en", "zh"];
const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/g;
const LATIN = /[A-Za-z]/g;

function inVoila() {
  return Boolean(document.body && document.body.dataset.voila);
}

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
  if (inVoila()) document.documentElement.lang = lang;
  for (const node of [document.documentElement, document.body]) {
    if (!node) continue;
    for (const other of LANGUAGES) node.classList.toggle(`sk-lang-${other}`, other === lang);
  }
}

// JupyterLab: each markdown cell of the notebook gets lang="zh" when its text is mostly Chinese, else "en".
function markCells(notebook) {
  for (const cell of notebook.querySelectorAll(".jp-MarkdownCell .jp-RenderedMarkdown")) {
    const words = cell.textContent || "";
    const lang = (words.match(CHINESE) || []).length > (words.match(LATIN) || []).length ? "zh" : "en";
    if (cell.getAttribute("lang") !== lang) cell.setAttribute("lang", lang);
  }
}

function watchCells(el) {
  if (inVoila()) return () => {}; // Voila's template marks its cells from their tags
  let notebook = null;
  let pending = null;
  const later = () => {
    if (pending === null) pending = setTimeout(() => { pending = null; if (notebook) markCells(notebook); }, 300);
  };
  const observer = new MutationObserver(later);
  // the view is attached to the page after render: look for its notebook once it is there
  const find = setTimeout(() => {
    notebook = el.closest(".jp-Notebook");
    if (!notebook) return;
    markCells(notebook);
    observer.observe(notebook, { childList: true, subtree: true });
  }, 0);
  return () => {
    clearTimeout(find);
    clearTimeout(pending);
    observer.disconnect();
  };
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
  const stopWatching = watchCells(el);
  return () => {
    model.off("change:lang", onChange);
    stopWatching();
  };
}

export default { render };
