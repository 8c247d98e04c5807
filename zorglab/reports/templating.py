"""Every HTML page of the report is a Jinja2 template with autoescaping (issue 37 item 1).

The templates are package data (``zorglab/reports/templates/*.html.j2``). Autoescaping is on for
every template, so a value from a level (an id, a title, a constraint's text) is escaped for the
HTML context it lands in; nothing is marked safe but the report's own CSS and JavaScript. A link
built from data goes through the ``safe_href`` test (:func:`zorglab.reports.safe.safe_href`): a
value that is not a relative link to a report file is shown as text, never as a link. Undefined
names are errors, not empty strings.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from zorglab.reports.safe import safe_href


@cache
def environment() -> Environment:
    env = Environment(loader=PackageLoader("zorglab.reports", "templates"), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.tests["safe_href"] = safe_href
    return env


def render(template: str, **context: Any) -> str:
    """The text of ``template`` (a name under ``templates/``) rendered with ``context``, every value escaped."""
    return environment().get_template(template).render(**context)


__all__ = ["environment", "render"]
