"""Accessibility checks with axe-core (issue 11): no page the browser tests visit may have a critical or serious
violation.

``axe.min.js`` beside this file is axe-core 4.12.1 (MPL-2.0), vendored as shipped inside the PyPI wheel
``axe-playwright-python==0.1.8`` so the tests need no package and no network. It is run with
``page.evaluate`` (the DevTools protocol is not bound by the page's Content-Security-Policy, which forbids inline
scripts). To update: ``pip download axe-playwright-python==X --no-deps``, copy ``axe.min.js`` out of the wheel,
and change the version here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE_VERSION = "4.12.1"
AXE_SOURCE = (Path(__file__).with_name("axe.min.js")).read_text(encoding="utf-8")
SERIOUS = ("critical", "serious")

_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + " — " + (n.failureSummary || "").split("\\n")[1])}));
}"""


def violations(page: Any) -> list[dict[str, Any]]:
    """The critical and serious axe violations of the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SOURCE)
    assert page.evaluate("() => axe.version") == AXE_VERSION
    return [v for v in page.evaluate(_RUN) if v["impact"] in SERIOUS]


def describe(found: dict[str, list[dict[str, Any]]]) -> str:
    return "\n".join(f"{where}: {v['impact']} {v['id']} ({v['help']}): {'; '.join(v['nodes'])}"
                     for where, listed in found.items() for v in listed)
