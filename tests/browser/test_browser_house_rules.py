"""The rules page's house-rules section in a real browser, at phone and laptop width, in both languages:
it compares the presets, a pasted file with a typo shows its error in the page's language, and nothing
the learner clicks or types into lies outside the window."""

from __future__ import annotations

import chromium
import pytest
from playwright.sync_api import expect

from conftest import PAGE_TIMEOUT_MS, SharedTab, screenshot
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

TYPO = '[rules]\nbased_on = "classic"\nthrow_penalti = 1.0\n'
OUTSIDE = """(section) => {
  const width = document.documentElement.clientWidth;
  return [...section.querySelectorAll('button, textarea')]
    .map((el) => [el.dataset.value || el.tagName, el.getBoundingClientRect()])
    .filter(([, box]) => box.width > 0 && (box.left < -1 || box.right > width + 1))
    .map(([name, box]) => `${name} [${Math.round(box.left)}, ${Math.round(box.right)}]`);
}"""


# One load of the page per language (``shared_tab``), resized to each width: the widths of one language run one
# after the other (the ``lang`` parameter is the outer loop), and each test puts the section back on the classic
# preset, as the page opens.
@pytest.mark.parametrize("width", [390, 1366])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_house_rules_section_compares_and_refuses_in_the_pages_language(
    shared_tab: SharedTab, lang: str, width: int
) -> None:
    page = shared_tab.show(f"/voila/render/notebooks/rules.ipynb?lang={lang}")
    page.set_viewport_size({"width": width, "height": 844})
    section = page.locator("[data-role=house-rules]")
    expect(section).to_be_visible(timeout=PAGE_TIMEOUT_MS)
    expect(section.get_by_role("heading", name=text("house_page_title", lang))).to_be_visible()
    expect(section.locator(".sk-house-demo").first).to_be_visible()
    expect(section.locator("li[data-rules=classic]").first).to_contain_text(text("term_rules_classic", lang))

    section.locator("textarea[data-role=typed]").fill(TYPO)
    section.locator("button[data-action=paste]").click()
    error = section.locator("[data-role=house-error]")
    expect(error).to_contain_text("throw_penalty")
    expect(error).to_contain_text("你是不是想写" if lang == "zh" else "Did you mean")

    section.locator('button[data-value="preset:super_tycoon"]').click()
    expect(section).to_have_attribute("data-source", "preset:super_tycoon")
    expect(error).to_have_count(0)
    assert section.evaluate(OUTSIDE) == []
    screenshot(page, f"house-rules-{lang}-{width}")
    # as the page opened, for the next test of the shared tab
    section.locator('button[data-value="preset:classic"]').click()
    expect(section).to_have_attribute("data-source", "preset:classic")
    page.set_viewport_size(chromium.VIEWPORT)
