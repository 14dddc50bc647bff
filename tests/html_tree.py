"""A tiny HTML tree over ``html.parser`` for tests: find elements by tag, class and attributes.

Tests look at what a browser would see (elements, attribute values, text with entities decoded)
instead of matching exact attribute strings in the HTML source.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                  "track", "wbr"})


@dataclass
class Element:
    """One element: its tag, attributes (a bare attribute has the value ""), children in order."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Element | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    @property
    def text(self) -> str:
        """All text inside, entities decoded, as a reader would see it (tags dropped)."""
        return "".join(child if isinstance(child, str) else child.text for child in self.children)

    def iter(self) -> Iterator[Element]:
        """This element and every element below it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs: str | bool) -> list[Element]:
        """Elements below (or equal to) this one that match; ``data_role="x"`` means ``data-role="x"``
        (names are case-blind, as in HTML), ``True`` means present, ``False`` absent."""
        wanted = {name.replace("_", "-").lower(): value for name, value in attrs.items()}
        return [el for el in self.iter() if el.matches(tag, cls, wanted)]

    def find(self, tag: str | None = None, cls: str | None = None, **attrs: str | bool) -> Element:
        """The first match; fails the test when there is none."""
        found = self.find_all(tag, cls, **attrs)
        assert found, f"no element tag={tag} class={cls} {attrs}"
        return found[0]

    def count(self, tag: str | None = None, cls: str | None = None, **attrs: str | bool) -> int:
        return len(self.find_all(tag, cls, **attrs))

    def has(self, tag: str | None = None, cls: str | None = None, **attrs: str | bool) -> bool:
        return bool(self.find_all(tag, cls, **attrs))

    def matches(self, tag: str | None, cls: str | None, attrs: dict[str, str | bool]) -> bool:
        if tag is not None and self.tag != tag:
            return False
        if cls is not None and cls not in self.classes:
            return False
        for name, value in attrs.items():
            if value is True:
                if name not in self.attrs:
                    return False
            elif value is False:
                if name in self.attrs:
                    return False
            elif self.attrs.get(name) != value:
                return False
        return True


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: str) -> Element:
    """The document as a tree under a ``#root`` element."""
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root


def dump(element: Element, indent: str = "") -> Iterator[str]:
    """One line per element and text run: a canonical form to compare two renderings by."""
    attrs = " ".join(f"{name}={value!r}" for name, value in sorted(element.attrs.items()))
    yield f"{indent}<{element.tag} {attrs}>"
    for child in element.children:
        if isinstance(child, str):
            yield f"{indent}  {child!r}"
        else:
            yield from dump(child, indent + "  ")
