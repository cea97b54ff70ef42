"""Value classes made without generating code: ``@value`` in place of
``@dataclass(frozen=True, slots=True)``, ``@record`` of ``@dataclass(slots=True)``.

A dataclass writes its ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and
frozen ``__setattr__`` as source text and compiles each when its module is
imported: about 1 ms a class on Python 3.11, paid by every start before the first
frame. ``@value`` gives a class the same behaviour from functions shared by every
value class, made in a few microseconds: the fields are the class's annotations in
order (a value given in the class body is the field's default), kept in slots;
instances compare equal when of the same class with equal fields, hash as the tuple
of their fields, cannot be changed (:class:`dataclasses.FrozenInstanceError`),
match positionally (``__match_args__``), copy and pickle through their fields, and
run ``__post_init__`` when the class has one. A ``@record``'s fields can be
changed (and it has no hash). Methods the class writes itself are kept.
:func:`fields`, :func:`as_dict` and :func:`replace` stand in for ``dataclasses``' own.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

_NOT_IN_CLASS = ("__dict__", "__weakref__")


@dataclass_transform(frozen_default=True)
def value(cls: type[T]) -> type[T]:
    """The frozen value class with ``cls``'s fields and methods (see the module)."""
    return _build(cls, frozen=True)


@dataclass_transform()
def record(cls: type[T]) -> type[T]:
    """A value class whose fields can be changed, as ``@dataclass(slots=True)`` makes:
    no hash, then (see the module for the rest)."""
    return _build(cls, frozen=False)


def _build(cls: type[T], *, frozen: bool) -> type[T]:
    names = tuple(inspect.get_annotations(cls))
    defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
    _check_defaults(cls, names, defaults)
    fields_of = _getter(names)
    setters: list[Callable[[object, Any], None]] = []  # (the slots' own, once made)
    methods: dict[str, Any] = {
        "__init__": _initialiser(cls, names, defaults, setters),
        "__repr__": _representer(names),
        "__eq__": _comparer(fields_of),
        "__reduce__": lambda self: (type(self), fields_of(self)),
    }
    if frozen:
        methods.update(__hash__=lambda self: hash(fields_of(self)),
                       __setattr__=_refuse_change, __delattr__=_refuse_change)
    else:
        methods["__hash__"] = None
    # The class is made with its methods: each set on a class afterwards would have
    # the class's slots worked out again.
    namespace = {**methods, **{key: item for key, item in cls.__dict__.items()
                               if key not in names and key not in _NOT_IN_CLASS}}
    namespace.update(__slots__=names, __match_args__=names, __qualname__=cls.__qualname__)
    metaclass: Any = type(cls)
    made = metaclass(cls.__name__, cls.__bases__, namespace)
    setters += [made.__dict__[name].__set__ for name in names]
    return made  # type: ignore[no-any-return]


def fields(item: Any) -> tuple[str, ...]:
    """The names of the fields of a value class (or of a value's class), in order."""
    names: tuple[str, ...] = item.__match_args__
    return names


def as_dict(item: object) -> dict[str, Any]:
    """A value's fields by name (the values themselves, not copies)."""
    return {name: getattr(item, name) for name in fields(item)}


def replace(item: T, **changes: Any) -> T:
    """A copy of the value ``item`` with ``changes`` (checked as a new value is)."""
    return type(item)(**{**as_dict(item), **changes})


def _check_defaults(cls: type, names: tuple[str, ...], defaults: dict[str, Any]) -> None:
    given = [name in defaults for name in names]
    if given != sorted(given):
        raise TypeError(f"{cls.__name__}: a field without a default follows one with")
    for name, default in defaults.items():
        if isinstance(default, list | dict | set):
            raise ValueError(f"{cls.__name__}.{name}: a mutable default is shared")


def _getter(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """A function giving an object's ``names`` as a tuple (as ``attrgetter`` does for
    more than one name)."""
    if len(names) == 1:
        single = attrgetter(names[0])
        return lambda item: (single(item),)
    if not names:
        return lambda item: ()
    return attrgetter(*names)


def _initialiser(cls: type, names: tuple[str, ...], defaults: dict[str, Any],
                 setters: list[Callable[[object, Any], None]]) -> Callable[..., None]:
    post_init = getattr(cls, "__post_init__", None)
    count = len(names)
    optional = tuple(defaults.values())
    required = count - len(optional)

    def bind(args: tuple[Any, ...], keywords: dict[str, Any]) -> tuple[Any, ...]:
        """Every field's value from the arguments given and the defaults."""
        if not keywords and required <= len(args) <= count:
            return args + optional[len(args) - required:]
        if len(args) > count:
            raise TypeError(f"{cls.__name__}() takes {count} arguments, {len(args)} given")
        values = list(args)
        for name in names[len(args):]:
            if name in keywords:
                values.append(keywords.pop(name))
            elif name in defaults:
                values.append(defaults[name])
            else:
                raise TypeError(f"{cls.__name__}() missing argument {name!r}")
        if keywords:
            raise TypeError(f"{cls.__name__}() got an unexpected or repeated argument "
                            f"{next(iter(keywords))!r}")
        return tuple(values)

    def __init__(self: Any, *args: Any, **keywords: Any) -> None:
        if keywords or len(args) != count:
            args = bind(args, keywords)
        for index, set_field in enumerate(setters):
            set_field(self, args[index])
        if post_init is not None:
            post_init(self)

    return __init__


def _representer(names: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({shown})"

    return __repr__


def _comparer(fields_of: Callable[[object], tuple[Any, ...]]) -> Callable[[object, object], Any]:
    def __eq__(self: object, other: object) -> Any:
        if other.__class__ is self.__class__:
            return fields_of(self) == fields_of(other)
        return NotImplemented

    return __eq__


def _refuse_change(self: object, name: str, *_: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")
