"""Every foreign key of the project's models is found through an index: its own,
or a unique constraint without a condition that starts with it. Without one, a
game's entries read, or a game purged with everything it holds, would read the
whole table. And the write path writes no index twice over: an entry's or a
round's game has no index of its own beside its unique (game, seq)."""

import pytest
from django.apps import apps
from django.db import models

from games.models import Entry, Round

PROJECT_APPS = ("games", "bands", "keepsakes")


def led_by_unique_constraint(model, column):
    """Whether an unconditional unique constraint of `model` starts with `column`."""
    return any(
        isinstance(constraint, models.UniqueConstraint)
        and constraint.condition is None
        and constraint.fields
        and model._meta.get_field(constraint.fields[0]).column == column
        for constraint in model._meta.constraints
    )


def led_by_index(model, column):
    return any(
        model._meta.get_field(index.fields[0].lstrip("-")).column == column
        for index in model._meta.indexes
        if index.fields and index.condition is None
    )


def foreign_keys():
    for config in apps.get_app_configs():
        if config.label not in PROJECT_APPS:
            continue
        for model in config.get_models():
            for field in model._meta.local_fields:
                if isinstance(field, models.ForeignKey):
                    yield pytest.param(
                        model, field, id=f"{model.__name__}.{field.name}"
                    )


@pytest.mark.parametrize(("model", "field"), list(foreign_keys()))
def test_every_foreign_key_is_found_through_an_index(model, field):
    assert (
        field.db_index
        or field.unique
        or led_by_unique_constraint(model, field.column)
        or led_by_index(model, field.column)
    )


@pytest.mark.parametrize("model", [Entry, Round])
def test_a_written_row_has_no_index_on_its_game_beside_its_unique_sequence(model):
    game = model._meta.get_field("game")
    assert not game.db_index
    assert led_by_unique_constraint(model, game.column)
