"""Field types the forms share, beyond plain WTForms: fixed row lists, bounded whole numbers, choices."""

from __future__ import annotations

from typing import Any, Iterable

from wtforms import FieldList, IntegerField

from scorekeeper.rules.bounds import whole_number

try:                                    # WTForms ≥ 3.3 deprecates (value, label) tuples
    from wtforms.fields.choices import SelectChoice as choice
except ImportError:                     # pragma: no cover - older WTForms
    def choice(value: str, label: Any) -> tuple[str, Any]:
        return value, label


class Rows(FieldList):
    """Exactly ``max_entries`` rows, each read from its own index: sparse input (rows 0 and 3 only) is not
    renumbered, so no row is read twice."""

    def __init__(self, unbound_field: Any, rows: int, **kwargs: Any) -> None:
        super().__init__(unbound_field, min_entries=rows, max_entries=rows, **kwargs)

    def _extract_indices(self, prefix: str, formdata: Any) -> Iterable[int]:
        return range(self.max_entries)


def add_error(field: Any, message: str) -> None:
    field.errors = [*field.errors, message]


class WholeNumber(IntegerField):
    """An IntegerField that reads at most :data:`DIGITS_MAX` ASCII digits: ``int()`` takes 4,300 digits (and
    ``"٣"``), and NumberRange then compares through ``math.isnan``, which overflows past 308 digits."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist:
            try:
                whole_number(str(valuelist[0]).strip())
            except ValueError:
                self.data = None
                raise ValueError(self.gettext(_NOT_AN_INTEGER)) from None
        super().process_formdata([str(valuelist[0]).strip()] if valuelist else valuelist)


_NOT_AN_INTEGER = "Not a valid integer value."     # IntegerField's own words, translated by WTForms' catalogue
