"""The shape of an export file, checked against docs/export.schema.json before
the import reads any of it as a game.

The schema (JSON Schema, draft 2020-12) is the format's reference for whoever
reads or writes these files; the import asks it first (jsonschema-rs, fast, says
whether a file fits; the `jsonschema` library says where one does not), so a
file of the wrong shape is refused before any rule runs. What is
wrong is said in the host's words, as the import's other refusals are (the first
box, round or name that does not fit, by its number), never as the library's
report."""

import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jsonschema_rs
from django.conf import settings
from django.utils.translation import gettext as _
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from games.kinds import registry
from games.kinds.base import UnknownKind

SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "export.schema.json"
# Where each version keeps its writes.
WRITES_KEYS = ("writes", "entries", "rounds")


@functools.cache
def fast_validator() -> Any:
    """The schema compiled by jsonschema-rs: a 1,000-round file is checked in
    about a millisecond, where the Python library takes half a second. It only
    says yes or no; the Python library says what is wrong (`validator`)."""
    return jsonschema_rs.validator_for(json.loads(SCHEMA_PATH.read_text("utf-8")))


@functools.cache
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def shape_problem(payload: object) -> str | None:
    """What is wrong with the file's shape, for the host, or None when it has
    the shape of an export of one of the versions the import reads."""
    if fast_validator().is_valid(payload):
        return None
    errors = list(validator().iter_errors(payload))
    if not errors:
        return None
    if not isinstance(payload, Mapping) or any(
        _at(error) == ("format",) for error in errors
    ):
        return _("Ce fichier n'est pas un export JSON de Scorekeeper.")
    if any(_at(error) == ("version",) for error in errors):
        return _(
            "Cette version d'export n'est pas prise en charge (attendue : %(v)s)."
        ) % {"v": 3}
    fields = sorted(
        {field for error in errors if not _at(error) for field in _fields(error)}
    )
    if fields:
        return _(
            "Le fichier a été modifié : champs %(fields)s inattendus ou manquants."
        ) % {"fields": ", ".join(fields)}
    return _words(payload, min(errors, key=_order))


def _at(error: ValidationError) -> tuple[Any, ...]:
    return tuple(error.absolute_path)


def _order(error: ValidationError) -> tuple[tuple[int, int, str], ...]:
    """The first error in the file: by key, then by position in a list."""
    return tuple(
        (1, step, "") if isinstance(step, int) else (0, 0, str(step))
        for step in error.absolute_path
    )


def _fields(error: ValidationError) -> list[str]:
    """The top-level fields an error of the whole file names: missing or
    unknown."""
    instance = error.instance if isinstance(error.instance, Mapping) else {}
    if error.validator == "required":
        return [str(key) for key in error.validator_value if key not in instance]
    if error.validator == "additionalProperties":
        known = error.schema.get("properties", {})
        return [str(key) for key in instance if key not in known]
    return []


def _is_rounds(payload: Mapping[str, Any]) -> bool:
    """Whether the file's writes are rounds (else boxes of one player)."""
    if payload.get("version") == 2:
        return True
    try:
        return registry.get(payload.get("kind")).written == "rounds"
    except UnknownKind:
        return False


def _words(payload: Mapping[str, Any], error: ValidationError) -> str:
    path = _at(error)
    if not path:
        return _("Ce fichier n'est pas un export JSON de Scorekeeper.")
    field, index = path[0], path[1] if len(path) > 1 else None
    if field == "players":
        if error.validator == "minItems" and len(path) == 1:
            return _("Le fichier ne contient aucun joueur.")
        return _("Le fichier a été modifié : liste des joueurs invalide.")
    if field in WRITES_KEYS:
        rounds = _is_rounds(payload)
        if not isinstance(index, int):
            if rounds:
                return _("Le fichier a été modifié : liste des manches invalide.")
            return _("Le fichier a été modifié : liste des cases invalide.")
        if rounds:
            return _("Le fichier a été modifié : la manche n° %(n)s est invalide.") % {
                "n": index + 1
            }
        return _("Le fichier a été modifié : la saisie n° %(n)s est invalide.") % {
            "n": index + 1
        }
    if field == "renames":
        if not isinstance(index, int):
            return _("Le fichier a été modifié : liste des prénoms invalide.")
        return _(
            "Le fichier a été modifié : le prénom corrigé n° %(n)s est invalide."
        ) % {"n": index + 1}
    if field == "reseats":
        if not isinstance(index, int):
            return _("Le fichier a été modifié : liste des placements invalide.")
        return _("Le fichier a été modifié : le placement n° %(n)s est invalide.") % {
            "n": index + 1
        }
    return _("Le fichier a été modifié : le champ %(field)s est invalide.") % {
        "field": field
    }
