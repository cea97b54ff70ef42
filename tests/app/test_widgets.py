"""The widget kit on its own: how its widgets take room, keys and text, without a dialog."""

from __future__ import annotations

import pygame
import pytest

from spider.app.ui.textlayout import line_height
from spider.app.ui.theme import Style
from spider.app.ui.widgets import (
    Button,
    Field,
    Form,
    Label,
    Option,
    Row,
    Segments,
    Switch,
    TextField,
)

STYLE = Style(16)


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")


def test_a_one_line_label_is_a_line_high() -> None:
    assert Label("Difficulty").size(STYLE)[1] == line_height(STYLE.fs)


def test_left_and_right_step_through_the_choices_and_stop_at_the_ends() -> None:
    chosen = ["b"]
    control = Segments([Option(value, value) for value in "abc"], lambda: chosen[-1],
                       chosen.append)
    seen = []
    for code in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT):
        assert control.key(key(code))
        seen.append(chosen[-1])
    assert seen == ["a", "a", "b", "c", "c"]


def test_a_switch_turns_on_with_right_and_off_with_left() -> None:
    state = [False]
    switch = Switch(lambda: state[0], lambda on: state.__setitem__(0, on))
    switch.key(key(pygame.K_RIGHT))
    assert state[0] is True
    switch.key(key(pygame.K_LEFT))
    assert state[0] is False


def test_a_text_field_takes_text_up_to_its_length_and_edits_it() -> None:
    field = TextField(max_length=6)
    field.text_input("SP1-S1C")
    assert field.value == "SP1-S1"
    field.key(key(pygame.K_BACKSPACE))
    field.key(key(pygame.K_HOME))
    field.text_input("xy")
    assert (field.value, field.caret) == ("xSP1-S", 1)  # full: the rest is left out
    field.key(key(pygame.K_a, pygame.KMOD_LCTRL))
    field.text_input("new")
    assert field.value == "new"  # what was selected is replaced


def test_a_row_keeps_its_gap_between_children() -> None:
    first, second = Button("One", lambda: None), Button("Two", lambda: None)
    row = Row([first, second], gap=1.0)
    row.place(pygame.Rect(0, 0, 1000, 100), STYLE)
    assert second.rect.x - first.rect.right == STYLE.fs


def test_a_button_runs_its_action_only_when_enabled() -> None:
    pressed = []
    button = Button("Go", lambda: pressed.append(1))
    button.activate()
    button.enabled = False
    button.activate()
    assert pressed == [1]


def test_the_controls_of_a_form_line_up() -> None:
    short = Field("Rules", TextField())
    long = Field("Winnable deals only", TextField())
    Form([short, long]).place(pygame.Rect(0, 0, 900, 400), STYLE)
    assert short.control.rect.x == long.control.rect.x > 0
