"""_json.py -- Python values to the bytes hcc reads, and hcc's output back.

Values are written as hermes holds them on the wire:
json.dumps(value, ensure_ascii=False), encoded UTF-8.  A str may hold lone
surrogates (json.loads makes one of every "\\ud800" escape that has no
partner); json.dumps writes them raw, which no UTF-8 encoder accepts, so
each one is written back as the \\udxxx escape it came from -- the bytes
hermes received -- and hcc reads it as that same lone surrogate (spec
JSON-7) and writes it so again (DIV-JSON-1), so json.loads of the output
gives it back.

A high surrogate directly followed by a low one inside a str cannot be
kept: written as two escapes, JSON reads them as one character (Python's
json.loads does), so the value would come back changed.  That str is
refused (HCC_E_UTF8 at the byte where the pair would start) rather than
silently merged.
"""
import json
import re

from . import _codes

_SURROGATE = re.compile("[\ud800-\udfff]")
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def dumps(value):
    """The UTF-8 bytes of json.dumps(value, ensure_ascii=False), lone
    surrogates written as \\udxxx escapes."""
    text = json.dumps(value, ensure_ascii=False)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        pass
    m = _PAIR.search(text)
    if m:
        at = len(text[:m.start()].encode("utf-8", "surrogatepass"))
        raise _codes.Error(_codes.HCC_E_UTF8, at,
                           "a str holds a high surrogate followed by a low one (U+%04X U+%04X): "
                           "JSON would read the two as one character" % (ord(m.group()[0]),
                                                                         ord(m.group()[1])))
    return _SURROGATE.sub(lambda c: "\\u%04x" % ord(c.group()), text).encode("utf-8")


def loads(data):
    """hcc's JSON output as a Python value (json.loads)."""
    return json.loads(data)
