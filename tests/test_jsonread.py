"""JSON read without importing json gives what json.loads gives: the same value for a
document, the same error for anything else."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spider.jsonread import loads

DOCUMENTS = ['{"a": [1, 2.5, "x\\u00e9", null, true, false, {"b": -1e5}]}', ' \n {"k": 1} \t\r\n',
             "[]", "1", '"text"', "[Infinity, -Infinity]", "1.5e400", '{"a": 1, "a": 2}']
NOT_DOCUMENTS = ["", " ", '{"a": 1} x', '{"a": 1', "\ufeff{}", '{"a": 1,}', "[1 2]",
                 '{"a": 1}{}', '"\x01"', "01", "-", "nul"]


@pytest.mark.parametrize("text", DOCUMENTS)
def test_a_document_reads_as_json_reads_it(text: str) -> None:
    assert loads(text) == json.loads(text)


def test_not_a_number_reads_as_json_reads_it() -> None:
    assert math.isnan(loads("NaN"))


@pytest.mark.parametrize("text", NOT_DOCUMENTS)
def test_what_is_not_a_document_raises_jsons_own_error(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(json.JSONDecodeError) as raised:
        loads(text)
    assert (raised.value.msg, raised.value.pos) == (expected.value.msg, expected.value.pos)


VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                      | st.text(), lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(), inner, max_size=4), max_leaves=20)


@given(VALUES, st.sampled_from(["", " ", "\n", "\t\r\n "]))
def test_any_value_written_by_json_reads_back_alike(value: object, blank: str) -> None:
    text = blank + json.dumps(value, ensure_ascii=False) + blank
    assert loads(text) == json.loads(text)
