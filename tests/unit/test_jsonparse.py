"""core.llm.jsonparse: what local models really send back, recovered or reported."""

from __future__ import annotations

import json

import pytest

from core.llm.jsonparse import JSONParseError, loads_lenient, parse_json

PLAN = {"kind": "multi_hop", "anchors": ["CUST-0001"], "path": [{"edge": "USES", "direction": "out"}]}


def test_plain_json_needs_no_repair():
    parsed = parse_json('{"kind": "lookup", "anchors": ["A"], "n": 2, "ok": true, "x": null}')
    assert parsed.value == {"kind": "lookup", "anchors": ["A"], "n": 2, "ok": True, "x": None}
    assert parsed.repairs == ()


def test_code_fence_with_language_tag():
    text = (
        'Here is the plan:\n```json\n{"kind": "multi_hop", "anchors": ["CUST-0001"], '
        '"path": [{"edge": "USES", "direction": "out"}]}\n```\nLet me know!'
    )
    parsed = parse_json(text)
    assert parsed.value == PLAN
    assert "fence" in parsed.repairs


def test_unterminated_fence_is_read_to_the_end():
    assert loads_lenient('```\n{"a": 1}\n') == {"a": 1}


def test_prose_before_and_after_the_object():
    parsed = parse_json('Sure! The answer is {"count": 3, "ids": ["A", "B", "C"]} as requested.')
    assert parsed.value == {"count": 3, "ids": ["A", "B", "C"]}
    assert "prose" in parsed.repairs


def test_trailing_commas_in_objects_and_arrays():
    parsed = parse_json('{"a": [1, 2, 3,], "b": {"c": "d",},}')
    assert parsed.value == {"a": [1, 2, 3], "b": {"c": "d"}}
    assert "trailing_comma" in parsed.repairs


def test_single_quotes_and_python_literals():
    parsed = parse_json("{'name': 'O\\'Brien \"Ops\"', 'active': True, 'parent': None, 'tags': ['x', 'y']}")
    assert parsed.value == {"name": 'O\'Brien "Ops"', "active": True, "parent": None, "tags": ["x", "y"]}
    assert {"single_quotes", "python_literals"} <= set(parsed.repairs)


def test_apostrophe_inside_double_quoted_string_is_kept():
    assert loads_lenient('{"note": "the customer\'s vendor", "k": 1,}') == {"note": "the customer's vendor", "k": 1}


def test_comments_unquoted_keys_and_raw_newlines():
    text = '{\n  // the anchor\n  kind: "lookup", /* why */ "text": "line one\nline two"\n}'
    assert loads_lenient(text) == {"kind": "lookup", "text": "line one\nline two"}


def test_truncated_reply_keeps_only_complete_values():
    parsed = parse_json('{"kind": "aggregate", "anchors": ["V-1", "V-2"], "operator": "cou')
    assert parsed.value == {"kind": "aggregate", "anchors": ["V-1", "V-2"]}
    assert parsed.truncated


def test_truncated_inside_nested_list_and_after_a_key():
    assert loads_lenient('{"a": 1, "b": [{"x": 1}, {"x": 2}, {"x"') == {"a": 1, "b": [{"x": 1}, {"x": 2}, {}]}
    assert loads_lenient('{"a": 1, "b"') == {"a": 1}
    # a number at the very end may itself be cut short: it is dropped, not guessed
    assert loads_lenient('{"a": 1, "b": 12') == {"a": 1}


def test_array_reply_and_expect():
    assert loads_lenient('["CUST-1", "CUST-2"]', expect=list) == ["CUST-1", "CUST-2"]
    with pytest.raises(JSONParseError, match="expected a JSON dict"):
        parse_json('["CUST-1"]', expect=dict)


def test_expect_dict_skips_a_bracket_in_prose():
    text = 'Options [a] and [b]. Final: {"kind": "lookup"}'
    assert loads_lenient(text, expect=dict) == {"kind": "lookup"}


def test_braces_in_prose_before_the_real_object():
    assert loads_lenient('Use {curly braces} like this: {"kind": "relation"}') == {"kind": "relation"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   \n ", "empty"),
        ("I cannot answer that.", "no JSON object or array"),
        ('{"a": [1, 2}', "mismatched"),
        ('{"a": ', "cut off"),
        ("[" * 5000 + "1" + "]" * 5000, "nested more than"),
        ("[" * 5000, "nested more than"),
    ],
)
def test_unrecoverable_replies_raise_a_clear_valueerror(text, message):
    with pytest.raises(JSONParseError, match=message) as info:
        parse_json(text)
    assert isinstance(info.value, ValueError)  # callers fall back on ValueError


def _is_part_of(value, original) -> bool:
    if isinstance(value, dict):
        return isinstance(original, dict) and all(
            k in original and _is_part_of(v, original[k]) for k, v in value.items()
        )
    if isinstance(value, list):
        return isinstance(original, list) and len(value) <= len(original) and all(map(_is_part_of, value, original))
    return value == original


@pytest.mark.parametrize("indent", [None, 2])
def test_every_truncation_recovers_only_values_that_were_really_there(indent):
    original = {
        "kind": "multi_hop",
        "anchors": ["CUST-0001", "VEND-02"],
        "path": [{"edge": "DEPENDS_ON", "direction": "out", "target": "Vendor", "weight": -1.5e3}],
        "exact": True,
        "note": None,
        "count": 12345,
    }
    text = json.dumps(original, indent=indent)
    recovered = 0
    for cut in range(1, len(text)):
        try:
            parsed = parse_json(text[:cut])
        except JSONParseError:
            continue
        recovered += 1
        assert parsed.truncated
        assert _is_part_of(parsed.value, original), text[:cut]  # a cut number like 123 of 12345 is never kept
    assert recovered > len(text) // 2
