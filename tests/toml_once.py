"""One TOML reader for the core fixtures, which build the variant registry again and again (probe tables): each
file text is parsed once per session."""

import io
import pickle
import tomllib


class ParsedOnce:
    """``tomllib`` for a module that parses the same files again and again: each text's parse is kept (a pickled
    copy, so the caller may change what it gets); invalid TOML is never kept and raises every time as before."""

    TOMLDecodeError = tomllib.TOMLDecodeError

    def __init__(self) -> None:
        self.parsed: dict[bytes, bytes] = {}

    def load(self, fh, **kwargs):
        raw = fh.read()
        if kwargs:
            return tomllib.load(io.BytesIO(raw), **kwargs)
        if (blob := self.parsed.get(raw)) is None:
            blob = self.parsed[raw] = pickle.dumps(tomllib.load(io.BytesIO(raw)))
        return pickle.loads(blob)

    def loads(self, text, **kwargs):
        return tomllib.loads(text, **kwargs)
