// shengji-lang: the page opens in the language the learner chose (on any page of the kit), before the
// kernel starts. It reads the choice the language keeper widget stores (localStorage) and marks the page:
// <html lang>, the classes sk-lang-en / sk-lang-zh on <html> and <body> (shengji-lang.css then shows
// only that language's prose cells) and the tab's title in that language (window.shengjiTitles, set by
// index.html.j2). The keeper calls window.shengjiLanguage.apply when the learner switches.
// Without localStorage (a private window) the page opens in English and the choice holds for the page.
(function () {
  "use strict";
  const KEY = "shengji-kit-language"; // widgets/language_keeper.py STORAGE_KEY
  const LANGUAGES = ["en", "zh"];

  function stored() {
    try {
      const value = window.localStorage.getItem(KEY);
      return LANGUAGES.includes(value) ? value : null;
    } catch (error) {
      return null;
    }
  }

  function apply(lang) {
    if (!LANGUAGES.includes(lang)) return;
    const root = document.documentElement;
    root.lang = lang;
    const mark = (node) => {
      for (const other of LANGUAGES) node.classList.toggle(`sk-lang-${other}`, other === lang);
    };
    mark(root);
    if (document.body) mark(document.body);
    else document.addEventListener("DOMContentLoaded", () => mark(document.body), { once: true });
    const titles = window.shengjiTitles || {};
    if (titles[lang]) document.title = titles[lang];
  }

  window.shengjiLanguage = { key: KEY, apply, stored };
  apply(stored() || "en");
})();
