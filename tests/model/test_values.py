"""``@value`` classes behave as the frozen slotted dataclasses they replace."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from spider.model.values import as_dict, fields, record, replace, value


@value
class Step:
    """A value with a default, a check and a method of its own."""

    source: int
    target: int
    count: int | None = None

    def __post_init__(self) -> None:
        if self.source < 0:
            raise ValueError("source")

    def __str__(self) -> str:
        return f"{self.source}>{self.target}"


@dataclasses.dataclass(frozen=True, slots=True)
class DataStep:
    source: int
    target: int
    count: int | None = None


@value
class Other:
    source: int
    target: int
    count: int | None = None


def test_construction_binds_positions_keywords_and_defaults() -> None:
    assert as_dict(Step(1, 2)) == {"source": 1, "target": 2, "count": None}
    assert Step(1, 2, 3) == Step(1, target=2, count=3) == Step(count=3, target=2, source=1)
    with pytest.raises(TypeError, match="missing argument 'target'"):
        Step(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'colour'"):
        Step(1, 2, colour=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'source'"):
        Step(1, 2, source=1)  # type: ignore[misc]
    with pytest.raises(TypeError, match="takes 3 arguments, 4 given"):
        Step(1, 2, 3, 4)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="source"):
        Step(-1, 2)


def test_equality_hash_and_repr_are_the_dataclass_ones() -> None:
    step, data = Step(1, 2), DataStep(1, 2)
    assert hash(step) == hash(data) == hash((1, 2, None))
    assert step == Step(1, 2, None) and step != Step(1, 3)
    assert step != Other(1, 2) and step != (1, 2, None)
    assert repr(step) == repr(data).replace("DataStep", "Step")
    assert str(step) == "1>2"  # the class's own method is kept
    assert len({step, Step(1, 2), Other(1, 2)}) == 2


def test_values_cannot_change() -> None:
    step = Step(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.source = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del step.count
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.colour = 1  # type: ignore[attr-defined]
    assert not hasattr(step, "__dict__")


def test_values_match_copy_and_pickle_by_their_fields() -> None:
    match Step(1, 2, 3):
        case Step(source, target, count):
            assert (source, target, count) == (1, 2, 3)
        case _:
            pytest.fail("no positional match")
    step = Step(1, 2, 3)
    assert copy.deepcopy(step) == pickle.loads(pickle.dumps(step)) == step


def test_fields_and_replace() -> None:
    assert fields(Step) == fields(Step(1, 2)) == ("source", "target", "count")
    assert replace(Step(1, 2), count=5) == Step(1, 2, 5)
    with pytest.raises(ValueError, match="source"):
        replace(Step(1, 2), source=-1)


def test_fields_are_declared_in_an_order_calls_can_follow() -> None:
    with pytest.raises(TypeError, match="without a default follows"):
        @value
        class Backwards:
            count: int = 0
            source: int  # type: ignore[misc]
    with pytest.raises(ValueError, match="mutable default"):
        @value
        class Shared:
            cards: list[int] = []  # noqa: RUF012


@record
class Flight:
    start: float
    origin: tuple[float, float] | None = None


def test_records_change_and_so_have_no_hash() -> None:
    flight = Flight(1.0)
    flight.origin = (2.0, 3.0)
    assert flight == Flight(1.0, (2.0, 3.0))
    assert repr(flight) == "Flight(start=1.0, origin=(2.0, 3.0))"
    with pytest.raises(TypeError, match="unhashable"):
        hash(flight)
    with pytest.raises(AttributeError):
        flight.colour = 1  # type: ignore[attr-defined]


@value
class Labelled:
    """A value that writes its own representation and hash."""

    name: str

    def __repr__(self) -> str:
        return f"<{self.name}>"

    def __hash__(self) -> int:
        return len(self.name)


def test_the_methods_a_value_class_writes_are_kept_over_the_made_ones() -> None:
    labelled = Labelled("ace")
    assert (repr(labelled), hash(labelled)) == ("<ace>", 3)
    assert labelled == Labelled("ace") and Labelled.__qualname__ == "Labelled"
    with pytest.raises(dataclasses.FrozenInstanceError):
        labelled.name = "king"  # type: ignore[misc]
