"""The scene stack: what it shows and tells as scenes come and go."""

from __future__ import annotations

from typing import Any

from spider.app.scenes import Scene, SceneStack


class _Recorded(Scene):
    """A scene that notes when it is told it is on top or covered."""

    def __init__(self, name: str, log: list[str], opaque: bool = True) -> None:
        super().__init__(app=None)  # type: ignore[arg-type]  # (no host needed)
        self.name, self.log, self.opaque = name, log, opaque

    def enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def leave(self) -> None:
        self.log.append(f"leave {self.name}")


def test_the_visible_scenes_follow_pushes_and_pops() -> None:
    log: list[str] = []
    stack = SceneStack()
    table = _Recorded("table", log)
    dialog = _Recorded("dialog", log, opaque=False)
    page = _Recorded("page", log)
    stack.push(table)
    assert stack.visible == (table,) and stack.top is table
    stack.push(dialog)  # see-through: the table shows under it
    assert stack.visible == (table, dialog)
    stack.push(page)  # opaque: nothing under it is drawn
    assert stack.visible == (page,) and stack.all == (table, dialog, page)
    assert stack.pop() is page
    assert stack.visible == (table, dialog) and stack.top is dialog
    stack.pop_to(_Recorded)
    assert stack.top is dialog  # already one of that kind
    stack.pop()
    assert stack.visible == (table,) and len(stack) == 1 and list(stack) == [table]
    assert log == ["enter table", "leave table", "enter dialog", "leave dialog", "enter page",
                   "leave page", "enter dialog", "leave dialog", "enter table"]


def test_scenes_may_come_and_go_while_the_loop_walks_the_stack(play: Any) -> None:
    """A scene that opens another in its update: the pass goes on over the scenes as
    they were when it began, and the next pass sees the new one."""
    app = play().app
    log: list[str] = []

    class Updated(_Recorded):
        def update(self, dt: float) -> bool:
            log.append(f"update {self.name}")
            if self.name == "first" and self.app.scenes.top is self:  # opens the second
                second = Updated("second", log, opaque=False)
                second.app = self.app
                self.app.scenes.push(second)
            return False

    first = Updated("first", log, opaque=False)
    first.app = app
    app.open(first)
    for _ in range(10):  # a budget of frames
        app.run_frames(1)
        if "update second" in log:
            break
    second = app.scenes.top
    assert isinstance(second, Updated) and second.name == "second"
    assert app.scenes.visible == (app.table, first, second)
    # A frame may run no update or several (the fixed timestep): whatever their number,
    # the pass that opened the second scene did not update it, and every later one did.
    updates = [entry for entry in log if entry.startswith("update")]
    passes = (len(updates) - 1) // 2
    assert passes >= 1 and updates == ["update first", *["update first", "update second"] * passes]
